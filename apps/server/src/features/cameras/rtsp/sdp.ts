/**
 * The camera's speaker in a session description (ONVIF Streaming Specification §5.3): an audio section marked
 * `a=sendonly` (the camera receives), offered only to a DESCRIBE that carried the back-channel `Require` header.
 * G.711 only (PCMU, PCMA: the codecs every ONVIF camera with a speaker accepts); an AAC-only speaker counts as none
 * (decision 0709).
 */
export interface SpeakerTrack {
  /** The absolute address to SETUP. */
  control: string;
  payloadType: number;
  encoding: 'PCMU' | 'PCMA';
  clockRate: number;
}

/** RFC 3551's static payload types for G.711. */
const STATIC_G711: Record<number, SpeakerTrack['encoding']> = { 0: 'PCMU', 8: 'PCMA' };

export function speakerTrack(sdp: string, contentBase: string): SpeakerTrack | null {
  const sections = sdp.split(/\r?\n(?=m=)/).slice(1);
  for (const section of sections) {
    const lines = section.split(/\r?\n/);
    const media = /^m=audio \S+ \S+ (.+)$/.exec(lines[0] ?? '');
    if (!media || !lines.includes('a=sendonly')) continue;
    const control = lines
      .find((l) => l.startsWith('a=control:'))
      ?.slice('a=control:'.length)
      .trim();
    if (!control) continue;
    for (const pt of (media[1] ?? '').trim().split(/\s+/).map(Number)) {
      const rtpmap = lines
        .map((l) => new RegExp(`^a=rtpmap:${pt} ([A-Za-z0-9-]+)/(\\d+)`).exec(l))
        .find((m) => m !== null);
      const name = rtpmap ? rtpmap[1]?.toUpperCase() : STATIC_G711[pt];
      if (name !== 'PCMU' && name !== 'PCMA') continue;
      const clockRate = rtpmap ? Number(rtpmap[2]) : 8000;
      if (clockRate !== 8000) continue;
      return { control: resolveControl(control, contentBase), payloadType: pt, encoding: name, clockRate };
    }
  }
  return null;
}

/** RFC 2326 C.1.1: a relative control is resolved against Content-Base (a trailing slash kept). */
function resolveControl(control: string, base: string): string {
  if (/^rtsp:\/\//i.test(control)) return control;
  const withSlash = base.endsWith('/') ? base : `${base}/`;
  return new URL(control, withSlash.replace(/^rtsp:/i, 'http:')).href.replace(/^http:/, 'rtsp:');
}
