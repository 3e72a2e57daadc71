import { splitUidd, type Uidd } from '@vigil/contracts';

/**
 * Addresses of recorded video (decisions 0500–0502). Relative to this origin: the web app, the API and the video
 * service are one origin by default (decision 0006).
 */
const cam = (uidd: string) => {
  const { owner, deviceId } = splitUidd(uidd as Uidd);
  return `${encodeURIComponent(owner)}/${encodeURIComponent(deviceId)}`;
};
const qs = (q: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  return p.size ? `?${p}` : '';
};
const sec = (ms: number) => Math.floor(ms / 1000);

/** The HLS playlist of a range; a share token goes in the query, a user's token in a header. */
export const hlsUrl = (uidd: string, fromMs: number, toMs: number, shareToken?: string): string =>
  `/hls/${cam(uidd)}/${sec(fromMs)}/${Math.ceil(toMs / 1000)}/index.m3u8${qs({ token: shareToken })}`;

/** A recorded frame (hdstill); `token` because an <img> cannot send headers. */
export const stillUrl = (uidd: string, ms: number, token: string | undefined, width?: number): string =>
  `/simple/${cam(uidd)}/hdstill/${sec(ms)}.jpg${qs({ width, token })}`;

/** The stitched MP4 of a range (download). */
export const mp4Url = (uidd: string, fromMs: number, toMs: number, token?: string): string =>
  `/video/mp4/${cam(uidd)}/${sec(fromMs)}/${Math.ceil(toMs / 1000)}${qs({ token })}`;

/** The spec's stream URL: {videoServer}/stream/{format}/{user}/{camera}/{start}/{end}/{token} (spec 000 §7). */
export const streamUrl = (
  uidd: string,
  fromMs: number,
  toMs: number,
  token: string,
  format: 'mp4' | 'mpegts' = 'mp4',
): string =>
  `/stream/${format}/${cam(uidd)}/${sec(fromMs)}/${Math.ceil(toMs / 1000)}/${encodeURIComponent(token)}${qs({ inputStream: 'true', ignoreMvhd: 'true' })}`;
