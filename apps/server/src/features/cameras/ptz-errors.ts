import type { ErrorCode } from '@vigil/contracts';
import { HttpError } from '../../http/errors.ts';
import type { OnvifError, OnvifErrorKind } from './onvif/client.ts';

/** A camera's ONVIF failure as the API answers it: never 401/403, which would speak of the caller's session. */
const PTZ_ERROR: Record<OnvifErrorKind, { status: number; code: ErrorCode; message: string }> = {
  unreachable: { status: 502, code: 'ptz_unreachable', message: 'The camera cannot be reached for PTZ' },
  timeout: { status: 504, code: 'ptz_timeout', message: 'The camera did not answer the PTZ request' },
  unauthorised: {
    status: 502,
    code: 'ptz_unauthorised',
    message: 'The camera refused its stored user name and password for PTZ',
  },
  unsupported: {
    status: 400,
    code: 'ptz_unsupported',
    message: 'This camera does not support pan, tilt and zoom',
  },
  failed: { status: 502, code: 'ptz_failed', message: 'The camera did not move' },
  busy: {
    status: 429,
    code: 'ptz_busy',
    message: 'The camera has too many moves waiting; try again shortly',
  },
};

/** The API's answer to a camera's PTZ failure, with the camera's own words where they add something. */
export function ptzHttpError(err: OnvifError): HttpError {
  const e = PTZ_ERROR[err.kind];
  const detail = err.kind === 'unauthorised' || err.kind === 'timeout' ? '' : `: ${err.message}`;
  return new HttpError(e.status, e.code, `${e.message}${detail}`);
}
