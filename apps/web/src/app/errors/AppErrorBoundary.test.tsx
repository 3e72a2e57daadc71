import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { isChunkLoadError, shouldAutoReload } from './chunk-error.ts';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function Crash({ error }: { error: Error }): never {
  throw error;
}

describe('AppErrorBoundary (spec 000 §2, §4)', () => {
  it('shows the page error with a return-to-home button, and reports it', () => {
    const report = vi.fn();
    const onHome = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary app={false} report={report} onHome={onHome} resetKey="/x">
        <Crash error={new Error('kaboom')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('this page ran into a problem');
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'kaboom' }),
      expect.stringContaining('page crash'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Return to home' }));
    expect(onHome).toHaveBeenCalled();
  });

  it('shows the refresh-for-update message for a failed chunk load, without reporting it', () => {
    const report = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary app={false} report={report} onHome={() => {}} resetKey="/x">
        <Crash error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('A new version of Vigil is available');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(report).not.toHaveBeenCalled();
  });
});

describe('chunk errors', () => {
  it('recognises the browsers’ chunk-load messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
  it('reloads by itself only in the app, at most every 30 s', () => {
    expect(shouldAutoReload(false, undefined, 100_000)).toBe(false);
    expect(shouldAutoReload(true, undefined, 100_000)).toBe(true);
    expect(shouldAutoReload(true, 80_000, 100_000)).toBe(false);
    expect(shouldAutoReload(true, 70_000, 100_000)).toBe(true);
  });
});
