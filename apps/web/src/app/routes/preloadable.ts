import { type ComponentType, createElement, lazy, useState } from 'react';

/** A lazily loaded screen that can be fetched ahead (`preload`) of its first render. */
export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` that renders the module directly when it is already loaded (decision 0863). A lazy component always
 * suspends on its first render, and once a Suspense boundary has shown its fallback React holds the content back
 * for 300 ms (its fallback throttle), so a screen whose chunk arrived at once still waited that long, measured on
 * /playback: navigation → first picture. Loaded ahead (during the session check), the screen never suspends.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(preload);
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module later would remount the screen.
    const [type] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(type, props);
  }
  return Object.assign(Screen, { preload });
}
