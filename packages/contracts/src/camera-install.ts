import { z } from 'zod';
import {
  type CameraUrlResult,
  type CameraUrlScheme,
  cameraUrlFromParts,
  parseCameraUrl,
  unsafeTextProblem,
} from './camera-url.ts';
import { CameraName, RecordingMode } from './cameras.ts';
import { MOTION_SENSITIVITY_MAX, MOTION_SENSITIVITY_MIN } from './constants.ts';
import { Uid } from './ids.ts';

const safeField = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((s, ctx) => {
      const p = unsafeTextProblem(s);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });

/**
 * POST /cameras: add a camera by its RTSP address (`url`), or by parts (`ip`, `port`, `path`, `username`,
 * `password`). Credentials may be in the URL or given apart; either way they are stored encrypted and never
 * answered. The address rules themselves are checked by parseCameraUrl (camera-url.ts) on the server, so every
 * answer names the field and the reason.
 */
export const InstallCameraBody = z
  .strictObject({
    name: CameraName.optional(),
    url: z.string().max(2048).optional(),
    sdUrl: z.string().max(2048).optional(),
    scheme: z.enum(['rtsp', 'rtsps']).optional(),
    ip: z.string().max(255).optional(),
    port: z.coerce.number().int().min(1).max(65535).optional(),
    path: z.string().max(1024).optional(),
    username: safeField(128).optional(),
    password: z.string().max(256).optional(),
    model: z.string().trim().max(100).optional(),
    timezoneName: z
      .string()
      .max(64)
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris')
      .optional(),
    /** Without it, PTZ is on when the camera answers ONVIF with a PTZ profile (decision 0307). */
    ptzEnabled: z.boolean().optional(),
    /** The camera's ONVIF port on the stream's host; default 80. */
    onvifPort: z.coerce.number().int().min(1).max(65535).optional(),
    recordingMode: RecordingMode.optional(),
    motionSensitivity: z.number().int().min(MOTION_SENSITIVITY_MIN).max(MOTION_SENSITIVITY_MAX).optional(),
    /** The account the camera is installed for; defaults to the caller. */
    owner: Uid.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.url === undefined) === (b.ip === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'give either url, or ip (with port, path, username, password)',
      });
      return;
    }
    const { main, sd } = installAddresses(b);
    const pathProblem = b.ip !== undefined && b.path !== undefined ? unsafeTextProblem(b.path) : undefined;
    if (pathProblem) ctx.addIssue({ code: 'custom', path: ['path'], message: pathProblem });
    else if (!main.ok)
      ctx.addIssue({ code: 'custom', path: [b.url !== undefined ? 'url' : 'ip'], message: main.problem });
    if (sd && !sd.ok) ctx.addIssue({ code: 'custom', path: ['sdUrl'], message: sd.problem });
    if (
      b.password !== undefined &&
      b.username === undefined &&
      !(main.ok && main.value.username !== undefined)
    )
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'is required with a password' });
  });
export type InstallCameraBody = z.output<typeof InstallCameraBody>;

/**
 * The parsed main and SD addresses of an install request. Credentials given apart (username, password) win over
 * those in the URL; the SD stream uses the main stream's credentials unless its own URL carries some.
 */
export function installAddresses(b: {
  url?: string | undefined;
  sdUrl?: string | undefined;
  scheme?: CameraUrlScheme | undefined;
  ip?: string | undefined;
  port?: number | undefined;
  path?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}): { main: CameraUrlResult; sd: CameraUrlResult | undefined } {
  let main =
    b.url !== undefined
      ? parseCameraUrl(b.url)
      : cameraUrlFromParts({ scheme: b.scheme, ip: b.ip ?? '', port: b.port, path: b.path });
  if (main.ok && b.username !== undefined)
    main = {
      ok: true,
      value: { ...main.value, username: b.username || undefined, password: b.password || undefined },
    };
  let sd = b.sdUrl !== undefined ? parseCameraUrl(b.sdUrl) : undefined;
  if (sd?.ok && main.ok && sd.value.username === undefined)
    sd = { ok: true, value: { ...sd.value, username: main.value.username, password: main.value.password } };
  return { main, sd };
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
