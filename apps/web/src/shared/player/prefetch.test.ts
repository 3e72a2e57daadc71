import type {
  FragmentLoaderContext,
  HlsConfig,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderResponse,
  LoaderStats,
} from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeHlsLoader } from './fake-hls-loader.ts';
import { FragmentCache, PREFETCH_KEEP, PREFETCH_TTL_MS, prefetchingLoader } from './prefetch.ts';

afterEach(() => vi.unstubAllGlobals());

/** fetch answering each request with its Range header's text as the body. */
function fakeFetch(ok = true) {
  const f = vi.fn(async (_url: string, init?: RequestInit) => {
    const range = (init?.headers as Record<string, string>)?.Range ?? 'all';
    return new Response(ok ? range : 'nope', { status: ok ? 206 : 403 });
  });
  vi.stubGlobal('fetch', f);
  return f;
}
const text = async (p: Promise<ArrayBuffer | undefined> | undefined) => {
  const b = await p;
  return b && new TextDecoder().decode(b);
};

describe('FragmentCache', () => {
  it('fetches a byte range once, with the headers, and hands it out once', async () => {
    const f = fakeFetch();
    const cache = new FragmentCache();
    cache.prefetch('/f/a.m4s', 100, 200, { authorization: 'Bearer t' });
    cache.prefetch('/f/a.m4s', 100, 200);
    expect(f).toHaveBeenCalledOnce();
    expect(f.mock.calls[0]?.[1]?.headers).toEqual({ authorization: 'Bearer t', Range: 'bytes=100-199' });
    expect(await text(cache.take('/f/a.m4s', 100, 200))).toBe('bytes=100-199');
    expect(cache.take('/f/a.m4s', 100, 200)).toBeUndefined();
    // Another range of the same file is another fragment.
    cache.prefetch('/f/a.m4s', 200, 300);
    expect(cache.take('/f/a.m4s', 100, 200)).toBeUndefined();
  });

  it('knows a file by its resolved address, and fetches files wanted together alongside', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        signals.push(init?.signal as AbortSignal);
        return new Promise<Response>(() => {});
      }),
    );
    const cache = new FragmentCache();
    cache.prefetch(`${location.origin}/f/init.mp4`, 0, 0, {}, true);
    cache.prefetch(`${location.origin}/f/c.m4s`, 0, 10, {}, true);
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    expect(cache.take('/f/init.mp4', 0, 0)).toBeDefined();
    expect(cache.take('/f/c.m4s', 0, 10)).toBeDefined();
  });

  it(`keeps the newest ${PREFETCH_KEEP}, and drops what waited too long`, async () => {
    fakeFetch();
    let now = 0;
    const cache = new FragmentCache(() => now);
    for (const start of [0, 10, 20]) {
      cache.prefetch('/f/b.m4s', start, start + 10);
      await new Promise((r) => setTimeout(r, 0)); // arrived: kept, not cancelled by the next
    }
    expect(cache.take('/f/b.m4s', 0, 10)).toBeUndefined();
    expect(await text(cache.take('/f/b.m4s', 20, 30))).toBe('bytes=20-29');
    now = PREFETCH_TTL_MS;
    expect(cache.take('/f/b.m4s', 10, 20)).toBeUndefined();
  });

  it('cancels a fetch still in flight when the pointer rests elsewhere, and keeps one that arrived', async () => {
    const signals: AbortSignal[] = [];
    let release = (): void => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        signals.push(init?.signal as AbortSignal);
        return new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          release = () => resolve(new Response('bytes'));
        });
      }),
    );
    const cache = new FragmentCache();
    cache.prefetch('/f/e.m4s', 0, 10);
    release();
    await cache.take('/f/e.m4s', 0, 10)?.then(() => undefined);
    cache.prefetch('/f/e.m4s', 0, 10);
    release();
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 0));
    cache.prefetch('/f/e.m4s', 10, 20);
    cache.prefetch('/f/e.m4s', 20, 30);
    expect(signals.map((s) => s.aborted)).toEqual([false, false, true, false]);
    expect(cache.take('/f/e.m4s', 10, 20)).toBeUndefined();
    expect(await text(cache.take('/f/e.m4s', 0, 10))).toBe('bytes');
  });

  it('answers nothing for a refused prefetch', async () => {
    fakeFetch(false);
    const cache = new FragmentCache();
    cache.prefetch('/f/c.m4s', 0, 10);
    expect(await cache.take('/f/c.m4s', 0, 10)).toBeUndefined();
  });
});

describe('prefetchingLoader', () => {
  const inner = vi.fn();
  const Base = fakeHlsLoader(inner);
  const context = (rangeStart: number, rangeEnd: number) =>
    ({
      url: '/f/d.m4s',
      rangeStart,
      rangeEnd,
      responseType: 'arraybuffer',
    }) as unknown as FragmentLoaderContext;
  const load = (cache: FragmentCache, ctx: FragmentLoaderContext) => {
    const Loader = prefetchingLoader(Base as never, cache);
    const loader = new Loader({} as HlsConfig);
    const done = new Promise<{ data: ArrayBuffer; loaded: number }>((resolve) => {
      loader.load(
        ctx,
        {} as LoaderConfiguration,
        {
          onSuccess: (r: LoaderResponse, stats: LoaderStats) =>
            resolve({ data: r.data as ArrayBuffer, loaded: stats.loaded }),
        } as unknown as LoaderCallbacks<FragmentLoaderContext>,
      );
    });
    return { loader, done };
  };

  it('answers a prefetched fragment from the cache, without a request', async () => {
    inner.mockClear();
    fakeFetch();
    const cache = new FragmentCache();
    cache.prefetch('/f/d.m4s', 0, 50);
    const { done } = load(cache, context(0, 50));
    const r = await done;
    expect(new TextDecoder().decode(r.data)).toBe('bytes=0-49');
    expect(r.loaded).toBe(10);
    expect(inner).not.toHaveBeenCalled();
  });

  it("leaves anything else to hls.js's loader, and a failed prefetch too", async () => {
    inner.mockClear();
    fakeFetch(false);
    const cache = new FragmentCache();
    load(cache, context(50, 100));
    expect(inner).toHaveBeenCalledOnce();
    cache.prefetch('/f/d.m4s', 0, 50);
    load(cache, context(0, 50));
    await vi.waitFor(() => expect(inner).toHaveBeenCalledTimes(2));
  });
});
