import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

afterEach(cleanup);

const page = (text: string) => () =>
  Promise.resolve({ default: ({ n }: { n: number }) => <p>{`${text} ${n}`}</p> });

describe('preloadable', () => {
  it('renders a preloaded screen at once: no fallback shown', async () => {
    const Screen = preloadable(page('ready'));
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen n={1} />
      </Suspense>,
    );
    expect(screen.getByText('ready 1')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy when not loaded yet, then shows the screen', async () => {
    const Screen = preloadable(page('later'));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen n={2} />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('later 2')).toBeTruthy();
  });

  it('loads its module once, however often preloaded', async () => {
    let loads = 0;
    const Screen = preloadable(() => {
      loads += 1;
      return page('once')();
    });
    await act(() => Promise.all([Screen.preload(), Screen.preload()]));
    expect(loads).toBe(1);
  });
});
