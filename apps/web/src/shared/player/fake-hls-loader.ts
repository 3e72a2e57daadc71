/**
 * For tests of the loaders built on answeringLoader: a stand-in for hls.js's own loader whose `load` is `inner` (a
 * spy), so a test sees what was left to hls.js.
 */
export function fakeHlsLoader(inner: (...args: unknown[]) => void) {
  return class FakeHlsLoader {
    stats = { loading: { start: 0, first: 0, end: 0 }, loaded: 0, total: 0 };
    load = inner;
    abort() {}
    destroy() {}
  };
}
