import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  applyEncoderRequest,
  type EncoderSettings,
  type EncoderStream,
  encoderOptionsXml,
  encoderXml,
  PROFILE_TOKENS,
  streamOfToken,
} from './onvif-media.ts';
import { PTZ_HOME, type PtzModel, type PtzVector } from './ptz-model.ts';

/**
 * The ONVIF side of a simulated PTZ camera: the few SOAP calls a PTZ client makes (device GetCapabilities,
 * GetServices, GetSystemDateAndTime; media GetProfiles; PTZ ContinuousMove, RelativeMove, AbsoluteMove,
 * GotoHomePosition, Stop, GetStatus, and the presets: GetPresets, SetPreset, GotoPreset, RemovePreset), with WS-Security UsernameToken (PasswordDigest or PasswordText) checked
 * against the camera's user and password. Written apart from the server's ONVIF client on purpose: each checks
 * the other. XML is read with regular expressions: requests are small and their shape is known.
 */
export interface OnvifCameraOptions {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The camera's pan, tilt and zoom; absent: a camera without PTZ (its PTZ calls are not supported). */
  model?: PtzModel | undefined;
  /** Called after every command that changes the position or the motion. */
  changed: () => void;
  /** Each stream's encoder: what it sends, and a new configuration to apply (the camera restarts that stream
   * after answering, as cameras do). */
  encoders: {
    streams: readonly EncoderStream[];
    get(stream: EncoderStream): EncoderSettings;
    set(stream: EncoderStream, settings: EncoderSettings): void;
  };
  now?: () => number;
  /** The camera's clock minus `now` (decision 0851): its date and time, and the digests' Created it accepts. */
  clockSkewMs?: number;
}

/** A digest's Created further than this from the camera's clock is refused (a replay, or a client's clock off). */
export const ONVIF_CREATED_TOLERANCE_MS = 5_000;

export const ONVIF_PATHS = {
  device: '/onvif/device_service',
  media: '/onvif/media_service',
  ptz: '/onvif/ptz_service',
} as const;

export const PROFILE_TOKEN = PROFILE_TOKENS.main;
/** The presets the simulated camera keeps, as a camera's MaximumNumberOfPresets. */
export const MAX_PRESETS = 16;
const MAX_BODY = 64 * 1024;

const NS =
  'xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:tds="http://www.onvif.org/ver10/device/wsdl"' +
  ' xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl"' +
  ' xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:ter="http://www.onvif.org/ver10/error"';

const envelope = (body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><s:Envelope ${NS}><s:Body>${body}</s:Body></s:Envelope>`;

const fault = (code: 'Sender' | 'Receiver', subcode: string, reason: string): string =>
  envelope(
    `<s:Fault><s:Code><s:Value>s:${code}</s:Value><s:Subcode><s:Value>ter:${subcode}</s:Value></s:Subcode>` +
      `</s:Code><s:Reason><s:Text xml:lang="en">${reason}</s:Text></s:Reason></s:Fault>`,
  );

/** The text of the first element with this local name (any prefix), or undefined. */
function text(xml: string, name: string): string | undefined {
  return new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1]?.trim();
}

/** An attribute of the first element with this local name (an empty element or not). */
function attr(xml: string, element: string, attribute: string): string | undefined {
  const tag = new RegExp(`<(?:[\\w-]+:)?${element}\\b([^>]*)>`).exec(xml)?.[1];
  return tag ? new RegExp(`\\b${attribute}="([^"]*)"`).exec(tag)?.[1] : undefined;
}

/** The local name of the first element inside the SOAP Body: the operation. */
function operation(xml: string): string | undefined {
  return /<(?:[\w-]+:)?Body\b[^>]*>\s*<(?:[\w-]+:)?(\w+)/.exec(xml)?.[1];
}

/** A vector in a request: <PanTilt x= y=/> and <Zoom x=/> inside the named element; missing axes are 0. */
function vector(xml: string, container: string): PtzVector | undefined {
  const inner = new RegExp(
    `<(?:[\\w-]+:)?${container}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${container}>`,
  ).exec(xml)?.[1];
  if (inner === undefined) return undefined;
  const num = (v: string | undefined): number => (v === undefined ? 0 : Number(v));
  return {
    pan: num(attr(inner, 'PanTilt', 'x')),
    tilt: num(attr(inner, 'PanTilt', 'y')),
    zoom: num(attr(inner, 'Zoom', 'x')),
  };
}

/** xs:duration as ONVIF uses it for timeouts (PT0.5S, PT1M); undefined when absent or not understood. */
function durationMs(d: string | undefined): number | undefined {
  const m = d && /^PT(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(d);
  return m ? (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 1000 : undefined;
}

/**
 * WS-Security UsernameToken: Digest = base64(SHA-1(nonce bytes + Created + password)), with Created within
 * ONVIF_CREATED_TOLERANCE_MS of the camera's clock `cameraNow`; or the password.
 */
export function checkUsernameToken(
  xml: string,
  username: string,
  password: string,
  cameraNow: number,
): boolean {
  const user = text(xml, 'Username');
  const given = text(xml, 'Password');
  if (user !== username || given === undefined) return false;
  const type = attr(xml, 'Password', 'Type') ?? '';
  const digest = type.endsWith('#PasswordDigest');
  const created = Date.parse(text(xml, 'Created') ?? '');
  if (digest && !(Math.abs(created - cameraNow) <= ONVIF_CREATED_TOLERANCE_MS)) return false;
  const expected = digest
    ? createHash('sha1')
        .update(
          Buffer.concat([
            Buffer.from(text(xml, 'Nonce') ?? '', 'base64'),
            Buffer.from(text(xml, 'Created') ?? ''),
            Buffer.from(password),
          ]),
        )
        .digest('base64')
    : password;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startOnvifServer(o: OnvifCameraOptions): Promise<Server> {
  const now = o.now ?? Date.now;
  const base = `http://${o.host}:${o.port}`;
  const model = o.model;
  const presets = model ? new Presets(model) : undefined;
  const profileTokens = o.encoders.streams.map((s) => PROFILE_TOKENS[s]);
  const answer = (xml: string): { status: number; body: string } => {
    const op = operation(xml);
    if (!op) return { status: 400, body: fault('Sender', 'WellFormed', 'No SOAP body') };
    const cameraNow = now() + (o.clockSkewMs ?? 0);
    if (op === 'GetSystemDateAndTime') return { status: 200, body: envelope(dateAndTime(cameraNow)) };
    if (!checkUsernameToken(xml, o.username, o.password, cameraNow))
      return { status: 401, body: fault('Sender', 'NotAuthorized', 'Sender not authorized') };
    const token = text(xml, 'ProfileToken');
    if (token !== undefined && !profileTokens.includes(token))
      return {
        status: 400,
        body: fault('Sender', 'NoProfile', 'The requested profile token does not exist'),
      };
    const t = now();
    switch (op) {
      case 'GetCapabilities':
        return { status: 200, body: envelope(capabilities(base, !!model)) };
      case 'GetServices':
        return { status: 200, body: envelope(services(base, !!model)) };
      case 'GetProfiles':
        return { status: 200, body: envelope(profiles(o.encoders, !!model)) };
      case 'GetVideoEncoderConfigurations':
      case 'GetVideoEncoderConfiguration':
      case 'GetVideoEncoderConfigurationOptions':
      case 'SetVideoEncoderConfiguration':
        return media(op, xml, o.encoders);
    }
    if (!model || !presets)
      return { status: 400, body: fault('Sender', 'ActionNotSupported', `${op} is not supported`) };
    const moved = ptzAnswer(op, xml, t, model, presets);
    if (moved) return moved;
    o.changed();
    return { status: 200, body: envelope(`<tptz:${op}Response/>`) };
  };

  const server = createServer((req, res) => {
    const reply = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' });
      res.end(body);
    };
    if (req.method !== 'POST') return reply(405, fault('Sender', 'ActionNotSupported', 'POST SOAP requests'));
    readBody(req).then(
      (xml) => {
        const a = answer(xml);
        reply(a.status, a.body);
      },
      () => reply(400, fault('Sender', 'WellFormed', 'Unreadable request')),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve(server));
  });
}

/** The PTZ service's calls: an answer, or undefined when the command moved the camera (answered by the caller). */
function ptzAnswer(
  op: string,
  xml: string,
  t: number,
  model: PtzModel,
  presets: Presets,
): { status: number; body: string } | undefined {
  switch (op) {
    case 'GetStatus': {
      const p = model.position(t);
      const moving = model.moving(t) ? 'MOVING' : 'IDLE';
      return {
        status: 200,
        body: envelope(
          `<tptz:GetStatusResponse><tptz:PTZStatus><tt:Position><tt:PanTilt x="${p.pan}" y="${p.tilt}"/>` +
            `<tt:Zoom x="${p.zoom}"/></tt:Position><tt:MoveStatus><tt:PanTilt>${moving}</tt:PanTilt>` +
            `<tt:Zoom>${moving}</tt:Zoom></tt:MoveStatus><tt:UtcTime>${new Date(t).toISOString()}</tt:UtcTime>` +
            '</tptz:PTZStatus></tptz:GetStatusResponse>',
        ),
      };
    }
    case 'ContinuousMove': {
      const v = vector(xml, 'Velocity');
      if (!v) return { status: 400, body: fault('Sender', 'InvalidArgVal', 'Velocity is required') };
      model.continuous(v, t, durationMs(text(xml, 'Timeout')));
      break;
    }
    case 'RelativeMove': {
      const v = vector(xml, 'Translation');
      if (!v) return { status: 400, body: fault('Sender', 'InvalidArgVal', 'Translation is required') };
      model.relative(v, t);
      break;
    }
    case 'AbsoluteMove': {
      const v = vector(xml, 'Position');
      if (!v) return { status: 400, body: fault('Sender', 'InvalidArgVal', 'Position is required') };
      model.absolute(v, t);
      break;
    }
    case 'GetPresets':
    case 'SetPreset':
    case 'RemovePreset':
      return presets.answer(op, xml, t);
    case 'GotoPreset': {
      const moved = presets.answer(op, xml, t);
      if (moved.status !== 200) return moved;
      break;
    }
    case 'GotoHomePosition':
      model.absolute(PTZ_HOME, t);
      break;
    case 'Stop':
      model.stop(t);
      break;
    default:
      return { status: 400, body: fault('Sender', 'ActionNotSupported', `${op} is not supported`) };
  }
  return undefined;
}

function dateAndTime(ms: number): string {
  const d = new Date(ms);
  return (
    '<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType>' +
    '<tt:DaylightSavings>false</tt:DaylightSavings><tt:UTCDateTime>' +
    `<tt:Time><tt:Hour>${d.getUTCHours()}</tt:Hour><tt:Minute>${d.getUTCMinutes()}</tt:Minute>` +
    `<tt:Second>${d.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${d.getUTCFullYear()}</tt:Year>` +
    `<tt:Month>${d.getUTCMonth() + 1}</tt:Month><tt:Day>${d.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime>` +
    '</tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>'
  );
}

function capabilities(base: string, ptz: boolean): string {
  return (
    '<tds:GetCapabilitiesResponse><tds:Capabilities>' +
    `<tt:Device><tt:XAddr>${base}${ONVIF_PATHS.device}</tt:XAddr></tt:Device>` +
    `<tt:Media><tt:XAddr>${base}${ONVIF_PATHS.media}</tt:XAddr></tt:Media>` +
    (ptz ? `<tt:PTZ><tt:XAddr>${base}${ONVIF_PATHS.ptz}</tt:XAddr></tt:PTZ>` : '') +
    '</tds:Capabilities></tds:GetCapabilitiesResponse>'
  );
}

function services(base: string, ptz: boolean): string {
  const service = (ns: string, path: string): string =>
    `<tds:Service><tds:Namespace>${ns}</tds:Namespace><tds:XAddr>${base}${path}</tds:XAddr>` +
    '<tds:Version><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>';
  return (
    '<tds:GetServicesResponse>' +
    service('http://www.onvif.org/ver10/device/wsdl', ONVIF_PATHS.device) +
    service('http://www.onvif.org/ver10/media/wsdl', ONVIF_PATHS.media) +
    (ptz ? service('http://www.onvif.org/ver20/ptz/wsdl', ONVIF_PATHS.ptz) : '') +
    '</tds:GetServicesResponse>'
  );
}

/** One profile per stream, the main stream's first (as cameras list them); the PTZ configuration on the main one. */
function profiles(encoders: OnvifCameraOptions['encoders'], ptz: boolean): string {
  const one = (stream: EncoderStream): string =>
    `<trt:Profiles token="${PROFILE_TOKENS[stream]}" fixed="true"><tt:Name>${stream}</tt:Name>` +
    encoderXml(stream, encoders.get(stream)) +
    (ptz && stream === 'main'
      ? '<tt:PTZConfiguration token="ptz0"><tt:Name>ptz</tt:Name><tt:NodeToken>node0</tt:NodeToken>' +
        '<tt:DefaultContinuousPanTiltVelocitySpace>http://www.onvif.org/ver10/tptz/PanTiltSpaces/VelocityGenericSpace' +
        '</tt:DefaultContinuousPanTiltVelocitySpace></tt:PTZConfiguration>'
      : '') +
    '</trt:Profiles>';
  return `<trt:GetProfilesResponse>${encoders.streams.map(one).join('')}</trt:GetProfilesResponse>`;
}

/** The media service's encoder calls (onvif-media.ts). */
function media(
  op: string,
  xml: string,
  encoders: OnvifCameraOptions['encoders'],
): { status: number; body: string } {
  const ok = (body: string) => ({ status: 200, body: envelope(body) });
  if (op === 'GetVideoEncoderConfigurations')
    return ok(
      '<trt:GetVideoEncoderConfigurationsResponse>' +
        encoders.streams.map((s) => encoderXml(s, encoders.get(s), 'trt:Configurations')).join('') +
        '</trt:GetVideoEncoderConfigurationsResponse>',
    );
  const token =
    op === 'SetVideoEncoderConfiguration'
      ? attr(xml, 'Configuration', 'token')
      : text(xml, 'ConfigurationToken');
  const stream = streamOfToken(token);
  if (!stream || !encoders.streams.includes(stream))
    return { status: 400, body: fault('Sender', 'NoConfig', 'The requested configuration does not exist') };
  if (op === 'GetVideoEncoderConfiguration')
    return ok(
      '<trt:GetVideoEncoderConfigurationResponse>' +
        encoderXml(stream, encoders.get(stream), 'trt:Configuration') +
        '</trt:GetVideoEncoderConfigurationResponse>',
    );
  if (op === 'GetVideoEncoderConfigurationOptions') return ok(encoderOptionsXml(stream));
  const applied = applyEncoderRequest(stream, encoders.get(stream), xml);
  if (!applied.ok) return { status: 400, body: fault('Sender', 'ConfigModify', applied.reason) };
  encoders.set(stream, applied.settings);
  return ok('<trt:SetVideoEncoderConfigurationResponse/>');
}

/** The camera's presets: a name and a position each, tokens preset1, preset2… (ONVIF PTZ presets). */
class Presets {
  readonly #model: PtzModel;
  readonly #saved = new Map<string, { name: string; position: PtzVector }>();
  #next = 1;
  constructor(model: PtzModel) {
    this.#model = model;
  }

  answer(op: string, xml: string, t: number): { status: number; body: string } {
    const bad = (subcode: string, reason: string) => ({
      status: 400,
      body: fault('Sender', subcode, reason),
    });
    const ok = (body: string) => ({ status: 200, body: envelope(body) });
    if (op === 'GetPresets') {
      const list = [...this.#saved].map(
        ([token, p]) =>
          `<tptz:Preset token="${token}"><tt:Name>${p.name}</tt:Name><tt:PTZPosition>` +
          `<tt:PanTilt x="${p.position.pan}" y="${p.position.tilt}"/><tt:Zoom x="${p.position.zoom}"/>` +
          '</tt:PTZPosition></tptz:Preset>',
      );
      return ok(`<tptz:GetPresetsResponse>${list.join('')}</tptz:GetPresetsResponse>`);
    }
    if (op === 'SetPreset') {
      const name = text(xml, 'PresetName') ?? '';
      if (!/^[\w .-]{1,40}$/.test(name)) return bad('InvalidPresetName', 'The preset name is not allowed');
      if ([...this.#saved.values()].some((p) => p.name === name))
        return bad('PresetExist', 'A preset with this name exists');
      if (this.#saved.size >= MAX_PRESETS) return bad('TooManyPresets', 'No room for another preset');
      const token = `preset${this.#next++}`;
      this.#saved.set(token, { name, position: this.#model.position(t) });
      return ok(
        `<tptz:SetPresetResponse><tptz:PresetToken>${token}</tptz:PresetToken></tptz:SetPresetResponse>`,
      );
    }
    const token = text(xml, 'PresetToken') ?? '';
    const preset = this.#saved.get(token);
    if (!preset) return bad('NoToken', 'No such preset');
    if (op === 'GotoPreset') this.#model.absolute(preset.position, t);
    else this.#saved.delete(token);
    return ok(`<tptz:${op}Response/>`);
  }
}
