/**
 * The video encoder configurations of a simulated camera's ONVIF media service (Media 1.0:
 * GetVideoEncoderConfigurations, GetVideoEncoderConfiguration, GetVideoEncoderConfigurationOptions,
 * SetVideoEncoderConfiguration). One configuration per stream: enc_main for /main (profile main_profile), enc_sd for
 * /sd (profile sd_profile). The sizes offered are the ones the simulator can encode; a Set outside them is refused
 * with ONVIF's ConfigModify fault, as a camera does.
 */
import type { SimCodec } from './encode-args.ts';

export type EncoderStream = 'main' | 'sd';

/** What a stream's encoder sends: the parameters its ffmpeg (or GStreamer) encode uses. */
export interface EncoderSettings {
  codec: SimCodec;
  width: number;
  height: number;
  fps: number;
  /** Frames from one keyframe to the next (ONVIF GovLength). */
  gop: number;
  kbps: number;
}

export const ENCODER_TOKENS: Record<EncoderStream, string> = { main: 'enc_main', sd: 'enc_sd' };
export const PROFILE_TOKENS: Record<EncoderStream, string> = { main: 'main_profile', sd: 'sd_profile' };

/** The sizes each stream's encoder offers (ONVIF ResolutionsAvailable), largest first. */
export const RESOLUTIONS: Record<EncoderStream, ReadonlyArray<readonly [number, number]>> = {
  main: [
    [1920, 1080],
    [1280, 720],
    [960, 540],
    [640, 360],
  ],
  sd: [
    [640, 360],
    [480, 270],
    [320, 180],
  ],
};
export const FRAME_RATE_RANGE = [1, 30] as const;
export const GOV_LENGTH_RANGE = [1, 300] as const;
export const BITRATE_RANGE_KBPS = [64, 8000] as const;
/** A keyframe at least every this many seconds and at most this often: the loop is whole keyframe intervals. */
const GOP_SECONDS = [0.2, 10] as const;

const tag = (name: string, value: string | number): string => `<tt:${name}>${value}</tt:${name}>`;

/** A VideoEncoderConfiguration element (the schema's order: Name, UseCount, Encoding, Resolution, Quality,
 * RateControl, H264/H265 (as H264 for H.264), Multicast, SessionTimeout). */
export function encoderXml(
  stream: EncoderStream,
  e: EncoderSettings,
  element = 'tt:VideoEncoderConfiguration',
) {
  const h264 = e.codec === 'h264';
  return (
    `<${element} token="${ENCODER_TOKENS[stream]}">${tag('Name', stream)}${tag('UseCount', 1)}` +
    `${tag('Encoding', h264 ? 'H264' : 'H265')}` +
    `<tt:Resolution>${tag('Width', e.width)}${tag('Height', e.height)}</tt:Resolution>${tag('Quality', 5)}` +
    `<tt:RateControl>${tag('FrameRateLimit', e.fps)}${tag('EncodingInterval', 1)}` +
    `${tag('BitrateLimit', e.kbps)}</tt:RateControl>` +
    (h264 ? `<tt:H264>${tag('GovLength', e.gop)}${tag('H264Profile', 'High')}</tt:H264>` : '') +
    `${tag('SessionTimeout', 'PT60S')}</${element.replace(/\s.*$/, '')}>`
  );
}

/** GetVideoEncoderConfigurationOptions: the sizes, frame rates, GOV lengths and bit rates offered. */
export function encoderOptionsXml(stream: EncoderStream): string {
  const sizes = RESOLUTIONS[stream]
    .map(
      ([w, h]) => `<tt:ResolutionsAvailable>${tag('Width', w)}${tag('Height', h)}</tt:ResolutionsAvailable>`,
    )
    .join('');
  const range = (name: string, [min, max]: readonly [number, number]) =>
    `<tt:${name}>${tag('Min', min)}${tag('Max', max)}</tt:${name}>`;
  return (
    '<trt:GetVideoEncoderConfigurationOptionsResponse><trt:Options>' +
    range('QualityRange', [1, 10]) +
    `<tt:H264>${sizes}${range('GovLengthRange', GOV_LENGTH_RANGE)}${range('FrameRateRange', FRAME_RATE_RANGE)}` +
    `${range('EncodingIntervalRange', [1, 1])}${tag('H264ProfilesSupported', 'High')}</tt:H264>` +
    `<tt:Extension><tt:H264>${sizes}${range('GovLengthRange', GOV_LENGTH_RANGE)}` +
    `${range('FrameRateRange', FRAME_RATE_RANGE)}${range('EncodingIntervalRange', [1, 1])}` +
    `${tag('H264ProfilesSupported', 'High')}${range('BitrateRange', BITRATE_RANGE_KBPS)}</tt:H264></tt:Extension>` +
    '</trt:Options></trt:GetVideoEncoderConfigurationOptionsResponse>'
  );
}

const number = (xml: string, name: string): number | undefined => {
  const v = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>\\s*([^<]*?)\\s*</`).exec(xml)?.[1];
  return v === undefined || v === '' ? undefined : Number(v);
};

/** The stream a configuration token names, or undefined. */
export function streamOfToken(token: string | undefined): EncoderStream | undefined {
  return token === ENCODER_TOKENS.main ? 'main' : token === ENCODER_TOKENS.sd ? 'sd' : undefined;
}

/**
 * SetVideoEncoderConfiguration's Configuration applied over the stream's settings: what it would send, or why the
 * camera refuses (the sentence of a ConfigModify fault). Missing elements keep their value.
 */
export function applyEncoderRequest(
  stream: EncoderStream,
  current: EncoderSettings,
  xml: string,
): { ok: true; settings: EncoderSettings } | { ok: false; reason: string } {
  const resolution =
    /<(?:[\w-]+:)?Resolution\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?Resolution>/.exec(xml)?.[1] ?? '';
  const width = number(resolution, 'Width') ?? current.width;
  const height = number(resolution, 'Height') ?? current.height;
  const fps = number(xml, 'FrameRateLimit') ?? current.fps;
  const kbps = number(xml, 'BitrateLimit') ?? current.kbps;
  const gop = number(xml, 'GovLength') ?? current.gop;
  if (!RESOLUTIONS[stream].some(([w, h]) => w === width && h === height))
    return { ok: false, reason: `The resolution ${width}x${height} is not supported` };
  const whole = (n: number, [min, max]: readonly [number, number]) =>
    Number.isInteger(n) && n >= min && n <= max;
  if (!whole(fps, FRAME_RATE_RANGE)) return { ok: false, reason: `The frame rate ${fps} is not supported` };
  if (!whole(kbps, BITRATE_RANGE_KBPS)) return { ok: false, reason: `The bit rate ${kbps} is not supported` };
  if (!whole(gop, GOV_LENGTH_RANGE) || gop / fps < GOP_SECONDS[0] || gop / fps > GOP_SECONDS[1])
    return { ok: false, reason: `The GOV length ${gop} is not supported at ${fps} frames per second` };
  return { ok: true, settings: { codec: current.codec, width, height, fps, gop, kbps } };
}
