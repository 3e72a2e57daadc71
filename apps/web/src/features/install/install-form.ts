import {
  CAMERA_URL_PROBLEMS,
  type CameraUrlScheme,
  cameraUrlFromParts,
  type InstallCameraBody,
  parseCameraUrl,
} from '@vigil/contracts';

/** The add-camera form's values, as typed. */
export interface InstallForm {
  mode: 'url' | 'ip';
  url: string;
  scheme: CameraUrlScheme;
  ip: string;
  port: string;
  path: string;
  username: string;
  password: string;
  name: string;
  ptz: boolean;
  /** The camera's ONVIF port, for pan, tilt and zoom; empty: 80. */
  onvifPort: string;
}

export const EMPTY_FORM: InstallForm = {
  mode: 'url',
  url: '',
  scheme: 'rtsp',
  ip: '',
  port: '554',
  path: '/',
  username: '',
  password: '',
  name: '',
  ptz: false,
  onvifPort: '',
};

/**
 * Instant feedback: the same parser the server runs (packages/contracts), so the form says what the server would
 * answer. Returns the problem with the address, or undefined. Empty fields say nothing until submitted.
 */
export function addressProblem(f: InstallForm, submitted: boolean): string | undefined {
  if (f.mode === 'url') {
    if (!f.url && !submitted) return undefined;
    const r = parseCameraUrl(f.url.trim());
    return r.ok ? undefined : r.problem;
  }
  if (!f.ip && !submitted) return undefined;
  const port = Number(f.port);
  if (f.port && (!Number.isInteger(port) || port < 1 || port > 65535)) return CAMERA_URL_PROBLEMS.port;
  const r = cameraUrlFromParts({
    scheme: f.scheme,
    ip: f.ip.trim(),
    port: f.port ? port : undefined,
    path: f.path || '/',
  });
  return r.ok ? undefined : r.problem;
}

/** The request body of POST /cameras. */
export function installBody(f: InstallForm): InstallCameraBody {
  // An unchecked PTZ box says nothing: the server asks the camera over ONVIF (decision 0307).
  const onvifPort = Number(f.onvifPort.trim());
  const common = {
    name: f.name.trim() || undefined,
    ptzEnabled: f.ptz || undefined,
    onvifPort: f.onvifPort.trim() && Number.isInteger(onvifPort) ? onvifPort : undefined,
  };
  if (f.mode === 'url') return { ...common, url: f.url.trim() } as InstallCameraBody;
  return {
    ...common,
    scheme: f.scheme,
    ip: f.ip.trim(),
    port: f.port ? Number(f.port) : undefined,
    path: f.path || '/',
    username: f.username || undefined,
    password: f.password || undefined,
  } as InstallCameraBody;
}
