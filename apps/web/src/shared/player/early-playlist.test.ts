import type {
  HlsConfig,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderResponse,
  PlaylistLoaderContext,
} from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyPlaylistLoader, fetchEarly } from './early-playlist.ts';
import { fakeHlsLoader } from './fake-hls-loader.ts';

afterEach(() => vi.unstubAllGlobals());

const PLAYLIST = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nf/1.m4s\n#EXT-X-ENDLIST\n';

/** fetch answering the playlist (or a 403). */
function fakeFetch(ok = true) {
  const f = vi.fn(async () => new Response(ok ? PLAYLIST : 'no', { status: ok ? 200 : 403 }));
  vi.stubGlobal('fetch', f);
  return f;
}

describe('a playlist fetched before hls.js loads (decision 0765)', () => {
  it('is fetched once, with the headers, and handed out once for its address, relative or resolved', async () => {
    const f = fakeFetch();
    const early = fetchEarly('/hls/o/d/1/2/index.m3u8', { authorization: 'Bearer t' });
    expect(f).toHaveBeenCalledOnce();
    expect(f.mock.calls[0]).toEqual([
      `${location.origin}/hls/o/d/1/2/index.m3u8`,
      { headers: { authorization: 'Bearer t' } },
    ]);
    expect(early.take('/hls/o/d/9/9/index.m3u8')).toBeUndefined();
    expect(await early.take('/hls/o/d/1/2/index.m3u8')).toBe(PLAYLIST);
    expect(early.take(`${location.origin}/hls/o/d/1/2/index.m3u8`)).toBeUndefined();
  });

  it('a refused fetch gives nothing', async () => {
    fakeFetch(false);
    expect(await fetchEarly('/p.m3u8', undefined).take('/p.m3u8')).toBeUndefined();
  });

  const inner = vi.fn();
  const Base = fakeHlsLoader(inner);
  const load = (early: ReturnType<typeof fetchEarly>, url: string) => {
    const Loader = earlyPlaylistLoader(Base as never, early);
    const loader = new Loader({} as HlsConfig);
    return new Promise<{ data: string; loaded: number }>((resolve) => {
      loader.load(
        { url, type: 'manifest' } as unknown as PlaylistLoaderContext,
        {} as LoaderConfiguration,
        {
          onSuccess: (r: LoaderResponse, stats: { loaded: number }) =>
            resolve({ data: r.data as string, loaded: stats.loaded }),
        } as unknown as LoaderCallbacks<PlaylistLoaderContext>,
      );
    });
  };

  it("answers hls.js's first request for it without a second request; later ones go to hls.js's loader", async () => {
    inner.mockClear();
    const f = fakeFetch();
    const early = fetchEarly('/p.m3u8', undefined);
    const r = await load(early, '/p.m3u8');
    expect(r).toEqual({ data: PLAYLIST, loaded: PLAYLIST.length });
    expect(f).toHaveBeenCalledOnce();
    expect(inner).not.toHaveBeenCalled();
    void load(early, '/p.m3u8');
    expect(inner).toHaveBeenCalledOnce();
  });

  it("leaves a failed early fetch to hls.js's loader", async () => {
    inner.mockClear();
    fakeFetch(false);
    void load(fetchEarly('/p.m3u8', undefined), '/p.m3u8');
    await vi.waitFor(() => expect(inner).toHaveBeenCalledOnce());
  });
});
