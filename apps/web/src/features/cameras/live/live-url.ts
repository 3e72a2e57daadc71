/**
 * The WebSocket address of a live stream from the URL livecommand answered: a path on this origin (the default,
 * one origin), or an absolute address on a separate live host. The token goes in the query: a browser cannot set
 * headers on a WebSocket (the server redacts it from its logs).
 */
export function liveSocketUrl(
  url: string,
  token: string | undefined,
  origin: string = location.origin,
): string {
  const u = new URL(url, origin);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  if (u.protocol === 'https:') u.protocol = 'wss:';
  if (token) u.searchParams.set('token', token);
  return u.toString();
}
