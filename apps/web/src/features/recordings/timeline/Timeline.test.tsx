import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { Timeline } from './Timeline.tsx';

beforeAll(() => {
  initI18n('en');
  // jsdom has no layout and no pointer capture: a 1000 px track from x = 0, so x px is x/1000 of the window.
  HTMLElement.prototype.setPointerCapture = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  HTMLElement.prototype.getBoundingClientRect = function rect() {
    return { left: 0, top: 0, width: 1000, height: 40, right: 1000, bottom: 40, x: 0, y: 0 } as DOMRect;
  };
});
afterEach(cleanup);

const DAY = { fromMs: 0, toMs: 1_000_000 };

function timeline() {
  const onPick = vi.fn();
  const onRest = vi.fn();
  render(
    <Timeline
      cameras={[{ uidd: 'o.1', name: 'Gate' }]}
      sessions={new Map([['o.1', [[0, 1_000_000]]]])}
      events={[]}
      window={DAY}
      bounds={DAY}
      onWindow={() => {}}
      playheadMs={undefined}
      selected={undefined}
      tz="UTC"
      thumbUrl={() => ''}
      onPick={onPick}
      onRest={onRest}
    />,
  );
  const track = screen.getByRole('slider', { name: 'Timeline of Gate' });
  const press = (
    type: 'pointerDown' | 'pointerMove' | 'pointerUp' | 'pointerCancel' | 'pointerEnter',
    x: number,
    pointerType = 'mouse',
  ) => fireEvent[type](track, { clientX: x, clientY: 20, button: 0, pointerId: 1, pointerType });
  return { onPick, onRest, press };
}

describe('Timeline: where playback starts', () => {
  it('plays from a mouse press at once, and not again on its release', () => {
    const { onPick, press } = timeline();
    press('pointerDown', 250);
    expect(onPick).toHaveBeenCalledExactlyOnceWith('o.1', 250_000, 1000);
    press('pointerUp', 251);
    expect(onPick).toHaveBeenCalledOnce();
  });

  it('plays from where a drag ends', () => {
    const { onPick, press } = timeline();
    press('pointerDown', 250);
    press('pointerMove', 400);
    press('pointerUp', 600);
    expect(onPick.mock.calls.map((c) => c[1])).toEqual([250_000, 600_000]);
  });

  it('waits for a touch to lift (it may be a scroll), and plays nothing when it became one', () => {
    const { onPick, press } = timeline();
    press('pointerDown', 250, 'touch');
    expect(onPick).not.toHaveBeenCalled();
    press('pointerUp', 250, 'touch');
    expect(onPick).toHaveBeenCalledExactlyOnceWith('o.1', 250_000, 1000);
    press('pointerDown', 700, 'touch');
    press('pointerCancel', 700, 'touch');
    press('pointerUp', 700, 'touch');
    expect(onPick).toHaveBeenCalledOnce();
  });
});

describe('Timeline: a resting pointer', () => {
  it('says where it rests once it has stopped (a press there is likely), not while it moves', () => {
    vi.useFakeTimers();
    try {
      const { onRest, press } = timeline();
      press('pointerEnter', 100);
      press('pointerMove', 100);
      vi.advanceTimersByTime(50);
      press('pointerMove', 300);
      expect(onRest).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(onRest).toHaveBeenCalledExactlyOnceWith('o.1', 300_000, 1000);
    } finally {
      vi.useRealTimers();
    }
  });
});
