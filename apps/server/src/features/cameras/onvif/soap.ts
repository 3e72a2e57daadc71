import { createHash } from 'node:crypto';

/**
 * ONVIF SOAP 1.2 requests as strings and the few answers a PTZ client reads, as pure functions
 * (docs/decisions/0307). XML is read with regular expressions on local names: answers are small, and a camera's
 * namespace prefixes vary (tt:, onvif:, ns2:…), so prefixes are ignored.
 */

export interface WsseCredentials {
  username: string;
  password: string;
}

/** A pan/tilt/zoom vector in ONVIF's generic spaces (pan, tilt -1..1; zoom 0..1 as a position, -1..1 as a speed). */
export interface PtzVector {
  pan: number;
  tilt: number;
  zoom: number;
}

const NS = {
  s: 'http://www.w3.org/2003/05/soap-envelope',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
  tt: 'http://www.onvif.org/ver10/schema',
};
const PASSWORD_DIGEST =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest';
const NONCE_BASE64 =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

function unescapeXml(s: string): string {
  return s.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e] as string,
  );
}

/** WS-Security UsernameToken digest: base64(SHA-1(nonce bytes + created + password)). */
export function passwordDigest(nonce: Buffer, created: string, password: string): string {
  return createHash('sha1')
    .update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')]))
    .digest('base64');
}

/** The wsse:Security header; `created` is the camera's clock (ISO 8601 UTC), `nonce` 16 random bytes. */
export function securityHeader(c: WsseCredentials, nonce: Buffer, created: string): string {
  return (
    `<wsse:Security xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}" s:mustUnderstand="1"><wsse:UsernameToken>` +
    `<wsse:Username>${escapeXml(c.username)}</wsse:Username>` +
    `<wsse:Password Type="${PASSWORD_DIGEST}">${passwordDigest(nonce, created, c.password)}</wsse:Password>` +
    `<wsse:Nonce EncodingType="${NONCE_BASE64}">${nonce.toString('base64')}</wsse:Nonce>` +
    `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security>`
  );
}

export function envelope(body: string, header = ''): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="${NS.s}" xmlns:tds="${NS.tds}"` +
    ` xmlns:trt="${NS.trt}" xmlns:tptz="${NS.tptz}" xmlns:tt="${NS.tt}">` +
    `${header ? `<s:Header>${header}</s:Header>` : ''}<s:Body>${body}</s:Body></s:Envelope>`
  );
}

// ---- Request bodies ---------------------------------------------------------------------------------------

const num = (n: number): string => String(Math.round(n * 1e4) / 1e4);
const vector = (name: string, v: PtzVector): string =>
  `<tptz:${name}><tt:PanTilt x="${num(v.pan)}" y="${num(v.tilt)}"/><tt:Zoom x="${num(v.zoom)}"/></tptz:${name}>`;
const token = (t: string): string => `<tptz:ProfileToken>${escapeXml(t)}</tptz:ProfileToken>`;

export const requests = {
  getSystemDateAndTime: (): string => '<tds:GetSystemDateAndTime/>',
  getCapabilities: (): string =>
    '<tds:GetCapabilities><tds:Category>All</tds:Category></tds:GetCapabilities>',
  getProfiles: (): string => '<trt:GetProfiles/>',
  /** `timeoutMs`: the camera stops by itself after it, should our Stop be lost. */
  continuousMove: (profile: string, velocity: PtzVector, timeoutMs: number): string =>
    `<tptz:ContinuousMove>${token(profile)}${vector('Velocity', velocity)}` +
    `<tptz:Timeout>PT${num(timeoutMs / 1000)}S</tptz:Timeout></tptz:ContinuousMove>`,
  relativeMove: (profile: string, translation: PtzVector): string =>
    `<tptz:RelativeMove>${token(profile)}${vector('Translation', translation)}</tptz:RelativeMove>`,
  stop: (profile: string): string =>
    `<tptz:Stop>${token(profile)}<tptz:PanTilt>true</tptz:PanTilt><tptz:Zoom>true</tptz:Zoom></tptz:Stop>`,
  gotoHomePosition: (profile: string): string =>
    `<tptz:GotoHomePosition>${token(profile)}</tptz:GotoHomePosition>`,
  getStatus: (profile: string): string => `<tptz:GetStatus>${token(profile)}</tptz:GetStatus>`,
  // Presets (ONVIF PTZ service): the camera keeps them; SetPreset without a token makes a new one.
  getPresets: (profile: string): string => `<tptz:GetPresets>${token(profile)}</tptz:GetPresets>`,
  setPreset: (profile: string, name: string): string =>
    `<tptz:SetPreset>${token(profile)}<tptz:PresetName>${escapeXml(name)}</tptz:PresetName></tptz:SetPreset>`,
  gotoPreset: (profile: string, preset: string): string =>
    `<tptz:GotoPreset>${token(profile)}<tptz:PresetToken>${escapeXml(preset)}</tptz:PresetToken></tptz:GotoPreset>`,
  removePreset: (profile: string, preset: string): string =>
    `<tptz:RemovePreset>${token(profile)}<tptz:PresetToken>${escapeXml(preset)}</tptz:PresetToken>` +
    '</tptz:RemovePreset>',
};

// ---- Answers ----------------------------------------------------------------------------------------------

export const open = (name: string): string => `<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>`;
export const close = (name: string): string => `</(?:[\\w.-]+:)?${name}\\s*>`;

/** The inner XML of every element with this local name. */
export function elements(xml: string, name: string): string[] {
  const re = new RegExp(`${open(name)}([\\s\\S]*?)${close(name)}`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1] ?? '');
}

export function textOf(xml: string, name: string): string | undefined {
  const inner = elements(xml, name)[0];
  return inner === undefined ? undefined : unescapeXml(inner.replace(/<[^>]*>/g, '').trim());
}

/** An attribute of the first element (empty or not) with this local name. */
function attrOf(xml: string, element: string, attribute: string): string | undefined {
  const tag = new RegExp(`<(?:[\\w.-]+:)?${element}(\\s[^>]*)?/?>`).exec(xml)?.[1];
  const v = tag && new RegExp(`\\s${attribute}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
  return v === undefined || v === '' ? undefined : unescapeXml(v);
}

export interface SoapFault {
  /** The most specific code given: the last Subcode value without its prefix (NotAuthorized, NoProfile…). */
  code: string;
  reason: string;
}

/** A SOAP 1.2 fault (or SOAP 1.1, which some cameras answer), or undefined when the answer is not one. */
export function parseFault(xml: string): SoapFault | undefined {
  const fault = elements(xml, 'Fault')[0];
  if (fault === undefined) return undefined;
  const values = elements(fault, 'Value').map((v) => v.replace(/<[^>]*>/g, '').trim());
  const code = (values.at(-1) ?? textOf(fault, 'faultcode') ?? '').replace(/^.*:/, '');
  const reason = textOf(fault, 'Text') ?? textOf(fault, 'faultstring') ?? '';
  return { code, reason };
}

export const isNotAuthorized = (f: SoapFault): boolean =>
  /NotAuthorized|FailedAuthentication|InvalidSecurity|Unauthori[sz]ed/i.test(`${f.code} ${f.reason}`);

/** GetSystemDateAndTime: the camera's UTC clock in epoch ms, or undefined. */
export function parseSystemDateAndTime(xml: string): number | undefined {
  const utc = elements(xml, 'UTCDateTime')[0];
  if (utc === undefined) return undefined;
  const n = (name: string): number => Number(textOf(utc, name));
  const ms = Date.UTC(n('Year'), n('Month') - 1, n('Day'), n('Hour'), n('Minute'), n('Second'));
  return Number.isFinite(ms) ? ms : undefined;
}

export interface OnvifServices {
  media?: string;
  ptz?: string;
}

/** GetCapabilities: the media and PTZ service addresses. */
export function parseCapabilities(xml: string): OnvifServices {
  const xaddr = (name: string): string | undefined => {
    const inner = elements(xml, name).find((e) => /XAddr/.test(e));
    return inner === undefined ? undefined : textOf(inner, 'XAddr');
  };
  const out: OnvifServices = {};
  const media = xaddr('Media');
  const ptz = xaddr('PTZ');
  if (media) out.media = media;
  if (ptz) out.ptz = ptz;
  return out;
}

export interface OnvifProfile {
  token: string;
  /** The profile has a PTZ configuration: PTZ requests may name it. */
  ptz: boolean;
}

/** GetProfiles: each profile's token and whether it can pan, tilt or zoom. */
export function parseProfiles(xml: string): OnvifProfile[] {
  const re = new RegExp(`<(?:[\\w.-]+:)?Profiles(\\s[^>]*)>([\\s\\S]*?)${close('Profiles')}`, 'g');
  return [...xml.matchAll(re)].flatMap((m) => {
    const t = /\stoken\s*=\s*"([^"]+)"/.exec(m[1] ?? '')?.[1];
    return t ? [{ token: unescapeXml(t), ptz: new RegExp(open('PTZConfiguration')).test(m[2] ?? '') }] : [];
  });
}

/** GetStatus: the position, or undefined when the camera does not report one. */
export function parsePtzStatus(xml: string): PtzVector | undefined {
  const position = elements(xml, 'Position')[0];
  if (position === undefined) return undefined;
  const n = (el: string, a: string): number => Number(attrOf(position, el, a) ?? 0);
  return { pan: n('PanTilt', 'x'), tilt: n('PanTilt', 'y'), zoom: n('Zoom', 'x') };
}

export interface OnvifPreset {
  token: string;
  name: string;
}

/** GetPresets: each preset's token (an attribute) and name; a preset without a token cannot be named again. */
export function parsePresets(xml: string): OnvifPreset[] {
  const re = new RegExp(`<(?:[\\w.-]+:)?Preset(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)${close('Preset')})`, 'g');
  return [...xml.matchAll(re)].flatMap((m) => {
    const t = /\stoken\s*=\s*"([^"]+)"/.exec(m[1] ?? '')?.[1];
    return t ? [{ token: unescapeXml(t), name: textOf(m[2] ?? '', 'Name') ?? '' }] : [];
  });
}

/** SetPreset: the token of the preset made or replaced. */
export const parseSetPreset = (xml: string): string | undefined => textOf(xml, 'PresetToken');
