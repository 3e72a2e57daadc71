import type { ErrorCode } from '@vigil/contracts';

/** An error a service throws to answer the client; anything else is a 500 with no details. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  /** Also answer the message as `err` (spec 001 §5, §8: the configuration calls' error field; decision 0700). */
  readonly withErr: boolean;
  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    withErr = false,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
    this.withErr = withErr;
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new HttpError(400, code, message);
export const unauthorised = (message = 'Sign in to continue', code: ErrorCode = 'unauthorised') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You do not have access to this', code: ErrorCode = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
