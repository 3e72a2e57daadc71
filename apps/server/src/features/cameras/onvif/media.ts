import { close, elements, escapeXml, open, textOf } from './soap.ts';

/**
 * ONVIF Media 1.0 video encoder calls (decision 0714): the requests as strings and their answers read into plain
 * values, as pure functions. Only the parts a stream's settings need: size, frame rate, bit rate, GOV length.
 */

export interface EncoderConfig {
  token: string;
  /** H264, H265, JPEG… as the camera names it. */
  encoding: string;
  width: number;
  height: number;
  frameRate: number;
  /** kbit/s. */
  bitrateKbps: number;
  /** Frames between keyframes (H.264's GovLength); null when the camera gives none. */
  gopFrames: number | null;
  /** The element as the camera sent it: a Set sends it back with the changed values, so nothing else moves. */
  xml: string;
}

export interface EncoderOptions {
  resolutions: Array<{ width: number; height: number }>;
  frameRate: { min: number; max: number } | null;
  gopFrames: { min: number; max: number } | null;
  bitrateKbps: { min: number; max: number } | null;
}

const media = {
  getVideoEncoderConfiguration: (token: string): string =>
    `<trt:GetVideoEncoderConfiguration><trt:ConfigurationToken>${escapeXml(token)}</trt:ConfigurationToken>` +
    '</trt:GetVideoEncoderConfiguration>',
  getVideoEncoderConfigurationOptions: (token: string): string =>
    `<trt:GetVideoEncoderConfigurationOptions><trt:ConfigurationToken>${escapeXml(token)}` +
    '</trt:ConfigurationToken></trt:GetVideoEncoderConfigurationOptions>',
  /** The configuration as read, its size, rate, bit rate and GOV length replaced; ForcePersistence: kept after a reboot. */
  setVideoEncoderConfiguration: (current: EncoderConfig, next: EncoderChange): string =>
    `<trt:SetVideoEncoderConfiguration>${rewrite(current, next)}` +
    '<trt:ForcePersistence>true</trt:ForcePersistence></trt:SetVideoEncoderConfiguration>',
};

export { media as mediaRequests };

export interface EncoderChange {
  width: number;
  height: number;
  frameRate: number;
  bitrateKbps: number;
  gopFrames: number | null;
}

/** The camera's own element with the values replaced, renamed trt:Configuration (its prefixes mapped to tt:). */
function rewrite(c: EncoderConfig, n: EncoderChange): string {
  const put = (xml: string, name: string, value: number): string =>
    xml.replace(new RegExp(`(${open(name)})[^<]*(${close(name)})`), `$1${value}$2`);
  let inner = c.xml;
  const resolution = elements(inner, 'Resolution')[0];
  if (resolution !== undefined)
    inner = inner.replace(resolution, put(put(resolution, 'Width', n.width), 'Height', n.height));
  inner = put(inner, 'FrameRateLimit', n.frameRate);
  inner = put(inner, 'BitrateLimit', n.bitrateKbps);
  if (n.gopFrames !== null) inner = put(inner, 'GovLength', n.gopFrames);
  // Element names keep their local part under tt: (the schema's namespace for a configuration's content).
  inner = inner.replace(/<(\/?)(?:[\w.-]+:)?(\w+)/g, '<$1tt:$2');
  return `<trt:Configuration token="${escapeXml(c.token)}">${inner}</trt:Configuration>`;
}

const num = (xml: string, name: string): number | undefined => {
  const t = textOf(xml, name);
  const n = t === undefined || t === '' ? Number.NaN : Number(t);
  return Number.isFinite(n) ? n : undefined;
};

/** A VideoEncoderConfiguration (from GetVideoEncoderConfiguration or inside GetProfiles), or undefined. */
export function parseEncoderConfig(xml: string, element = 'Configuration'): EncoderConfig | undefined {
  const m = new RegExp(`<(?:[\\w.-]+:)?${element}(\\s[^>]*)>([\\s\\S]*?)${close(element)}`).exec(xml);
  const token = /\stoken\s*=\s*"([^"]+)"/.exec(m?.[1] ?? '')?.[1];
  const inner = m?.[2];
  if (!token || inner === undefined) return undefined;
  const resolution = elements(inner, 'Resolution')[0] ?? '';
  const width = num(resolution, 'Width');
  const height = num(resolution, 'Height');
  if (!width || !height) return undefined;
  return {
    token,
    encoding: textOf(inner, 'Encoding') ?? '',
    width,
    height,
    frameRate: num(inner, 'FrameRateLimit') ?? 0,
    bitrateKbps: num(inner, 'BitrateLimit') ?? 0,
    gopFrames: num(inner, 'GovLength') ?? null,
    xml: inner,
  };
}

/** GetProfiles: each profile's video encoder configuration, in the camera's order (its main stream first). */
export function parseProfileEncoders(xml: string): EncoderConfig[] {
  return elements(xml, 'Profiles').flatMap((p) => {
    const c = parseEncoderConfig(p, 'VideoEncoderConfiguration');
    return c ? [c] : [];
  });
}

/** GetVideoEncoderConfigurationOptions: what the encoder offers for H.264 (the Extension's bit rate range too). */
export function parseEncoderOptions(xml: string): EncoderOptions {
  const h264 = elements(xml, 'H264');
  const range = (name: string): { min: number; max: number } | null => {
    for (const h of h264) {
      const r = elements(h, name)[0];
      const min = r === undefined ? undefined : num(r, 'Min');
      const max = r === undefined ? undefined : num(r, 'Max');
      if (min !== undefined && max !== undefined) return { min, max };
    }
    return null;
  };
  const seen = new Set<string>();
  const resolutions = elements(h264[0] ?? xml, 'ResolutionsAvailable').flatMap((r) => {
    const width = num(r, 'Width');
    const height = num(r, 'Height');
    if (!width || !height || seen.has(`${width}x${height}`)) return [];
    seen.add(`${width}x${height}`);
    return [{ width, height }];
  });
  return {
    resolutions,
    frameRate: range('FrameRateRange'),
    gopFrames: range('GovLengthRange'),
    bitrateKbps: range('BitrateRange'),
  };
}
