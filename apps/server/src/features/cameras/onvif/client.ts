import { randomBytes } from 'node:crypto';
import {
  envelope,
  isNotAuthorized,
  type OnvifServices,
  parseCapabilities,
  parseFault,
  parseProfiles,
  parseSystemDateAndTime,
  requests,
  securityHeader,
  type WsseCredentials,
} from './soap.ts';

/** Where a camera's ONVIF device service answers, and with which credentials (secret: never log them). */
export interface OnvifTarget {
  host: string;
  port: number;
  credentials?: WsseCredentials | undefined;
}

/** 'busy': not the camera's answer but ours, when too many moves already wait for it (PTZ_QUEUE_MAX). */
export type OnvifErrorKind = 'unreachable' | 'timeout' | 'unauthorised' | 'unsupported' | 'failed' | 'busy';

/** A camera's ONVIF answer or silence, sorted for the API (cameras-service maps kinds to error codes). */
export class OnvifError extends Error {
  readonly kind: OnvifErrorKind;
  constructor(kind: OnvifErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** ONVIF's usual paths, used when a camera leaves an address out of its capabilities. */
export const DEFAULT_PATHS = {
  device: '/onvif/device_service',
  media: '/onvif/media_service',
  ptz: '/onvif/ptz_service',
};
const MAX_ANSWER_BYTES = 1 << 20;
/**
 * A camera clock this close to ours is taken as ours: its answer has whole seconds, and cameras accept a Created a
 * few seconds off (the simulator: 5 s).
 */
const CLOCK_SLACK_MS = 2_000;

/** What a PTZ request needs, found once per camera (discover()) and kept by the caller. */
export interface OnvifPtzEndpoint {
  ptzPath: string;
  profile: string;
  /** The camera's clock minus ours: UsernameToken's Created is in the camera's time (cameras refuse stale ones). */
  clockOffsetMs: number;
}

/**
 * SOAP over HTTP to one camera. Requests go to the camera's host and port as installed: a service address
 * (XAddr) the camera reports is used for its path only, so a camera cannot send the server elsewhere (and NATed
 * cameras, which report their inside address, still work).
 */
export class OnvifClient {
  readonly #timeoutMs: number;
  constructor(opts: { timeoutMs: number }) {
    this.#timeoutMs = opts.timeoutMs;
  }

  async call(
    target: OnvifTarget,
    path: string,
    body: string,
    opts: { auth?: boolean; clockOffsetMs?: number } = {},
  ): Promise<string> {
    const host = target.host.includes(':') && !target.host.startsWith('[') ? `[${target.host}]` : target.host;
    const url = `http://${host}:${target.port}${path}`;
    const header =
      opts.auth !== false && target.credentials
        ? securityHeader(
            target.credentials,
            randomBytes(16),
            new Date(Date.now() + (opts.clockOffsetMs ?? 0)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          )
        : '';
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
        body: envelope(body, header),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (err) {
      throw networkError(err, this.#timeoutMs);
    }
    let xml: string;
    try {
      const bytes = await res.arrayBuffer();
      if (bytes.byteLength > MAX_ANSWER_BYTES) throw new OnvifError('failed', 'The camera answered too much');
      xml = new TextDecoder().decode(bytes);
    } catch (err) {
      if (err instanceof OnvifError) throw err;
      throw networkError(err, this.#timeoutMs);
    }
    const fault = parseFault(xml);
    if (res.status === 401 || res.status === 403 || (fault && isNotAuthorized(fault)))
      throw new OnvifError(
        'unauthorised',
        target.credentials
          ? 'The camera refused the user name and password'
          : 'The camera asks for a user name and password',
      );
    if (fault && /ActionNotSupported|NotSupported|NoPTZProfile/i.test(fault.code))
      throw new OnvifError('unsupported', `The camera does not support this: ${fault.reason || fault.code}`);
    if (fault) throw new OnvifError('failed', `The camera answered: ${fault.reason || fault.code}`);
    if (res.status === 404) throw new OnvifError('unsupported', 'The camera has no ONVIF service there');
    if (!res.ok) throw new OnvifError('failed', `The camera answered HTTP ${res.status}`);
    return xml;
  }

  /**
   * The camera's clock minus ours, from GetSystemDateAndTime (unauthenticated, as ONVIF clients ask it first): a
   * UsernameToken's Created must be in the camera's time, which cameras compare with theirs (decision 0851). 0 when
   * the camera does not say (some ask for credentials even for this) or is within CLOCK_SLACK_MS. Throws when the
   * camera cannot be reached.
   */
  async clockOffset(target: OnvifTarget): Promise<number> {
    try {
      const now = Date.now();
      const camera = parseSystemDateAndTime(
        await this.call(target, DEFAULT_PATHS.device, requests.getSystemDateAndTime(), { auth: false }),
      );
      // Whole seconds only: below a few seconds the difference is our rounding, not the camera's clock.
      return camera !== undefined && Math.abs(camera - now) > CLOCK_SLACK_MS ? camera - now : 0;
    } catch (err) {
      // Unreachable or silent cameras end here; others may simply not answer this call without credentials.
      if (err instanceof OnvifError && (err.kind === 'unreachable' || err.kind === 'timeout')) throw err;
      return 0;
    }
  }

  /**
   * The camera's PTZ service and the first profile with a PTZ configuration: GetSystemDateAndTime (the clock
   * offset; unauthenticated), GetCapabilities, GetProfiles. Throws 'unsupported' when the camera has no PTZ.
   */
  async discover(target: OnvifTarget): Promise<OnvifPtzEndpoint> {
    const clockOffsetMs = await this.clockOffset(target);
    const opts = { clockOffsetMs };
    const services: OnvifServices = parseCapabilities(
      await this.call(target, DEFAULT_PATHS.device, requests.getCapabilities(), opts),
    );
    if (!services.ptz) throw new OnvifError('unsupported', 'The camera reports no PTZ service');
    const mediaPath = pathOf(services.media) ?? DEFAULT_PATHS.media;
    const profile = parseProfiles(await this.call(target, mediaPath, requests.getProfiles(), opts)).find(
      (p) => p.ptz,
    );
    if (!profile) throw new OnvifError('unsupported', 'No profile of the camera has a PTZ configuration');
    return { ptzPath: pathOf(services.ptz) ?? DEFAULT_PATHS.ptz, profile: profile.token, clockOffsetMs };
  }
}

/** The path (and query) of a service address, or undefined when it is not an http(s) URL. */
export function pathOf(xaddr: string | undefined): string | undefined {
  if (!xaddr) return undefined;
  try {
    const u = new URL(xaddr);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.pathname}${u.search}` : undefined;
  } catch {
    return undefined;
  }
}

function networkError(err: unknown, timeoutMs: number): OnvifError {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return new OnvifError(
      'timeout',
      `The camera did not answer within ${Math.round(timeoutMs / 1000)} seconds`,
    );
  const code = e.cause?.code ?? '';
  return new OnvifError(
    'unreachable',
    `The camera's ONVIF service cannot be reached${code ? ` (${code})` : ''}`,
  );
}
