import type { LiveVideo } from '@vigil/contracts';

/**
 * The WebSocket address of a live stream from the URL livecommand answered: a path on this origin (the default,
 * one origin), or an absolute address on a separate live host. A short live grant (POST /grants, decision 0014)
 * goes in the query as `token`: a browser cannot set headers on a WebSocket (the server redacts it from its logs).
 */
export function liveSocketUrl(
  url: string,
  token: string | undefined,
  origin: string = location.origin,
  video: LiveVideo = 'original',
): string {
  const u = new URL(url, origin);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  if (u.protocol === 'https:') u.protocol = 'wss:';
  if (token) u.searchParams.set('token', token);
  // The H.264 conversion of an H.265 camera, for a browser that cannot play it (decision 0461).
  if (video !== 'original') u.searchParams.set('video', video);
  return u.toString();
}

/**
 * The live HLS playlist of the stream whose WebSocket address livecommand answered (`/live/{uidd}/{stream}`, or
 * on a separate live host): `{that}/index.m3u8`, over HTTP(S), with a live-playlist grant in the query (a native
 * player cannot send headers; never the auth token, decision 0014) and `progressive=1` for players without low-latency HLS (docs/decisions/0460).
 */
export function liveHlsUrl(
  url: string,
  grant: string | undefined,
  delivery: 'll' | 'progressive',
  origin: string = location.origin,
): string {
  const u = new URL(url, origin);
  if (u.protocol === 'ws:') u.protocol = 'http:';
  if (u.protocol === 'wss:') u.protocol = 'https:';
  u.pathname = `${u.pathname.replace(/\/$/, '')}/index.m3u8`;
  u.search = '';
  if (delivery === 'progressive') u.searchParams.set('progressive', '1');
  if (grant) u.searchParams.set('token', grant);
  return u.toString();
}
