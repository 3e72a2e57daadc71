/**
 * Camera stream addresses: the one parser both the server and the web app use, so the add-camera form shows the
 * same message the server would answer. Only rtsp:// and rtsps:// are accepted: the address ends up as ffmpeg's
 * input, and ffmpeg would happily read local files (file:), stitch them (concat:), or take a string starting
 * with '-' as an option. Whether the host may be a loopback or private address is the server's call (it needs
 * DNS and configuration), see apps/server/src/features/cameras/address-policy.ts.
 */

export type CameraUrlScheme = 'rtsp' | 'rtsps';

export interface CameraUrl {
  scheme: CameraUrlScheme;
  /** Host name or IP literal; IPv6 without brackets. */
  host: string;
  port: number;
  /** Path and query, starting with '/'. */
  path: string;
  username: string | undefined;
  password: string | undefined;
}

export type CameraUrlResult = { ok: true; value: CameraUrl } | { ok: false; problem: string };

export const CAMERA_URL_MAX_LENGTH = 2048;
export const DEFAULT_RTSP_PORT = 554;
export const DEFAULT_RTSPS_PORT = 322;

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** C0 controls, DEL and C1 controls: ffmpeg and RTSP request lines must never see them. */
export function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV6_LITERAL = /^\[[0-9A-Fa-f:.]+\]$/;

export const CAMERA_URL_PROBLEMS = {
  required: 'is required',
  tooLong: `must be at most ${CAMERA_URL_MAX_LENGTH} characters`,
  optionLike: "must be a camera address, not an option (it starts with '-')",
  whitespace: 'must not contain spaces or control characters',
  file: 'local files are not allowed: give the camera’s rtsp:// address',
  concat: 'the concat: protocol is not allowed: give the camera’s rtsp:// address',
  noScheme: 'must start with rtsp:// or rtsps://',
  otherScheme: (scheme: string) =>
    `the ${scheme}: protocol is not allowed: only rtsp:// and rtsps:// camera addresses are accepted`,
  host: 'must name the camera’s host (a name or an IP address)',
  port: 'the port must be a number from 1 to 65535',
  credentials: 'the user name or password in the address is not valid',
} as const;

const fail = (problem: string): CameraUrlResult => ({ ok: false, problem });

/** Checks that apply to every field ending up in a camera address (URL, IP, path, user). */
export function unsafeTextProblem(text: string): string | undefined {
  if (text.startsWith('-')) return CAMERA_URL_PROBLEMS.optionLike;
  if (/\s/.test(text) || hasControlCharacters(text)) return CAMERA_URL_PROBLEMS.whitespace;
  return undefined;
}

/** Validates a host given on its own (the IP field of the add-by-IP form), returning it without brackets. */
export function parseCameraHost(input: string): { ok: true; host: string } | { ok: false; problem: string } {
  const unsafe = unsafeTextProblem(input);
  if (unsafe) return { ok: false, problem: unsafe };
  if (IPV6_LITERAL.test(input)) return { ok: true, host: input.slice(1, -1).toLowerCase() };
  if (input.includes(':') && /^[0-9A-Fa-f:.]+$/.test(input)) return { ok: true, host: input.toLowerCase() };
  if (!HOST_NAME.test(input)) return { ok: false, problem: CAMERA_URL_PROBLEMS.host };
  return { ok: true, host: input.toLowerCase().replace(/\.$/, '') };
}

/** Parses and validates a camera address; credentials in it are split out (they are stored apart, encrypted). */
export function parseCameraUrl(input: string): CameraUrlResult {
  if (input.length === 0) return fail(CAMERA_URL_PROBLEMS.required);
  if (input.length > CAMERA_URL_MAX_LENGTH) return fail(CAMERA_URL_PROBLEMS.tooLong);
  const unsafe = unsafeTextProblem(input);
  if (unsafe) return fail(unsafe);
  const scheme = SCHEME.exec(input)?.[1]?.toLowerCase();
  if (scheme === undefined) return fail(CAMERA_URL_PROBLEMS.noScheme);
  if (scheme === 'file') return fail(CAMERA_URL_PROBLEMS.file);
  if (scheme === 'concat') return fail(CAMERA_URL_PROBLEMS.concat);
  if (scheme !== 'rtsp' && scheme !== 'rtsps') return fail(CAMERA_URL_PROBLEMS.otherScheme(scheme));
  if (!input.slice(scheme.length + 1).startsWith('//')) return fail(CAMERA_URL_PROBLEMS.noScheme);

  let url: URL;
  try {
    url = new URL(input);
  } catch {
    // The URL parser refuses ports above 65535 along with bad hosts; say which one it was.
    const port = /^[^:]+:\/\/[^/?#]*:(\d*)(?:[/?#]|$)/.exec(input)?.[1];
    return fail(
      (port !== undefined && !/^\d{1,5}$/.test(port)) || Number(port) > 65535
        ? CAMERA_URL_PROBLEMS.port
        : CAMERA_URL_PROBLEMS.host,
    );
  }
  const host = parseCameraHost(url.hostname);
  if (!url.hostname || !host.ok) return fail(CAMERA_URL_PROBLEMS.host);
  const port =
    url.port === '' ? (scheme === 'rtsp' ? DEFAULT_RTSP_PORT : DEFAULT_RTSPS_PORT) : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return fail(CAMERA_URL_PROBLEMS.port);

  let username: string | undefined;
  let password: string | undefined;
  try {
    username = url.username ? decodeURIComponent(url.username) : undefined;
    password = url.password ? decodeURIComponent(url.password) : undefined;
  } catch {
    return fail(CAMERA_URL_PROBLEMS.credentials);
  }
  const path = `${url.pathname || '/'}${url.search}`;
  return { ok: true, value: { scheme, host: host.host, port, path, username, password } };
}

/** The add-by-IP form: scheme, IP, port, path, user and password assembled into the same parsed shape. */
export function cameraUrlFromParts(p: {
  scheme?: CameraUrlScheme | undefined;
  ip: string;
  port?: number | undefined;
  path?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}): CameraUrlResult {
  const host = parseCameraHost(p.ip);
  if (!host.ok) return host;
  const path = p.path ?? '/';
  const pathProblem = unsafeTextProblem(path);
  if (pathProblem) return fail(pathProblem);
  const scheme = p.scheme ?? 'rtsp';
  // Assemble, then run the full parser: one set of rules whichever form the address came in.
  const parsed = parseCameraUrl(
    formatCameraUrl({
      scheme,
      host: host.host,
      port: p.port ?? (scheme === 'rtsp' ? DEFAULT_RTSP_PORT : DEFAULT_RTSPS_PORT),
      path: path.startsWith('/') ? path : `/${path}`,
      username: undefined,
      password: undefined,
    }),
  );
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    value: { ...parsed.value, username: p.username || undefined, password: p.password || undefined },
  };
}

/**
 * The address as a string. Without `withCredentials` it carries no user or password: that is the form stored
 * in the database, answered by the API and written to logs.
 */
export function formatCameraUrl(u: CameraUrl, opts: { withCredentials?: boolean } = {}): string {
  const host = u.host.includes(':') ? `[${u.host}]` : u.host;
  let auth = '';
  if (opts.withCredentials && u.username !== undefined) {
    auth = encodeURIComponent(u.username);
    if (u.password !== undefined) auth += `:${encodeURIComponent(u.password)}`;
    auth += '@';
  }
  return `${u.scheme}://${auth}${host}:${u.port}${u.path}`;
}

/**
 * Removes user:password@ from every URL in a text (ffmpeg echoes its input URL in its errors). Use it on every
 * line that might hold a camera address before it reaches a log or an answer.
 */
export function redactUrlCredentials(text: string): string {
  return text.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^\s/?#@]*@/g, '$1***@');
}
