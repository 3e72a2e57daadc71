import { type CameraUrl, parseCameraUrl } from '@vigil/contracts';

/**
 * Which stream an address reads, whatever its spelling (decision 0308): host case and the default port are already
 * normalised by the parser; here trailing slashes go, query parameters are sorted, and those that only tell the
 * client how to connect are dropped. Parameters that can choose a stream (`channel=2`, `subtype=1`, `profile=…`)
 * stay: the channels of one NVR differ only by them. Credentials are never part of it.
 */

/** Query parameters that say how to carry the stream, never which stream (names compared in lower case). */
const TRANSPORT_PARAMETERS = new Set(['tcp', 'udp', 'transport', 'rtsp_transport', 'rtsptransport']);

export function streamIdentity(u: CameraUrl): string {
  const q = u.path.indexOf('?');
  const pathname = (q < 0 ? u.path : u.path.slice(0, q)).replace(/\/+$/, '');
  const params = [...new URLSearchParams(q < 0 ? '' : u.path.slice(q + 1))]
    .filter(([name]) => !TRANSPORT_PARAMETERS.has(name.toLowerCase()))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort();
  const host = u.host.includes(':') ? `[${u.host}]` : u.host;
  return `${u.scheme}://${host}:${u.port}${pathname}${params.length ? `?${params.join('&')}` : ''}`;
}

/** The identity of a stored address (stored without credentials); undefined if it no longer parses. */
export function storedStreamIdentity(streamUrl: string): string | undefined {
  const parsed = parseCameraUrl(streamUrl);
  return parsed.ok ? streamIdentity(parsed.value) : undefined;
}
