import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { FooterMessages } from './FooterMessages.tsx';

describe('a brand’s footer messages (spec 001 §2, decision 0827)', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const shown = () => screen.getByTestId('footer-message').textContent;

  it('shows the next message every 4 seconds, after a fade, round and round', () => {
    render(<FooterMessages messages={['One', 'Two', 'Three']} />);
    expect(shown()).toBe('One');
    act(() => {
      vi.advanceTimersByTime(3_999);
    });
    expect(shown()).toBe('One');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('footer-message').style.opacity).toBe('0'); // fading out
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(shown()).toBe('Two');
    act(() => {
      vi.advanceTimersByTime(8_000);
    });
    expect(shown()).toBe('One');
  });

  it('stops when paused (WCAG 2.2.2), and goes on when played again', () => {
    render(<FooterMessages messages={['One', 'Two']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause messages' }));
    expect(screen.getByRole('button', { name: 'Play messages' }).getAttribute('aria-pressed')).toBe('true');
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(shown()).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Play messages' }));
    act(() => {
      vi.advanceTimersByTime(4_400);
    });
    expect(shown()).toBe('Two');
  });

  it('has no control for a single message, and nothing for none', () => {
    const { container, rerender } = render(<FooterMessages messages={['Only one']} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<FooterMessages messages={[]} />);
    expect(container.textContent).toBe('');
  });
});
