import type { z } from 'zod';

/** An API error answer, with the server's readable message and machine code. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** An answer that does not match the contract the call expects: a server and web app out of step (decision 0020). */
export class ResponseShapeError extends ApiRequestError {
  constructor(path: string, status: number, issues: string[]) {
    super(status, 'internal', `The answer of ${path} does not match its contract: ${issues.join('; ')}`);
  }
}

/** Network failure (offline, server unreachable), as opposed to an answer from the server. */
export class NetworkError extends Error {}

let authToken: string | undefined;
/** The session store sets the token every private call carries. */
export const setAuthToken = (t: string | undefined): void => {
  authToken = t;
};

/** Codes with which the server refuses the token itself (not, say, a wrong password on a signed-in call). */
const TOKEN_REFUSALS = new Set(['invalid_token', 'series_revoked', 'token_expired']);
let onAuthRefused: ((code: string) => void) | undefined;
/**
 * Called when the server refuses the current auth token (401 `invalid_token`, `series_revoked`, `token_expired`):
 * the session lifecycle ends the session (signed out elsewhere, password changed) or refreshes the token. A
 * refusal of a token that was replaced meanwhile is not reported.
 */
export const setAuthRefusedHandler = (fn: ((code: string) => void) | undefined): void => {
  onAuthRefused = fn;
};

const AUTH_SERVICE_KEY = 'authServiceUrl';
/** The auth service base URL; empty means this origin. A regional login moves it, and it survives reloads. */
let authServiceUrl = (typeof localStorage !== 'undefined' && localStorage.getItem(AUTH_SERVICE_KEY)) || '';
export const setAuthServiceUrl = (url: string): void => {
  authServiceUrl = url.replace(/\/$/, '');
  if (authServiceUrl) localStorage.setItem(AUTH_SERVICE_KEY, authServiceUrl);
  else localStorage.removeItem(AUTH_SERVICE_KEY);
};

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Multipart form data (a recorded clip), sent as it is: the browser writes its content type and boundary. */
  form?: FormData;
  base?: string;
  signal?: AbortSignal;
  /**
   * Sent without the auth token: calls that prove who is calling otherwise (the token refresh carries the login
   * token), so their refusal is theirs to handle and never reads as the session being refused.
   */
  anonymous?: boolean;
  /** Extra headers; an `authorization` here replaces the session's (share links send their own token). */
  headers?: Record<string, string>;
}

/**
 * Calls the API and returns its answer parsed with `schema`, the call's contract from @vigil/contracts (the schema
 * the server's route declares), so its type is the contract's and nothing is cast. Always parsed, in production
 * too: a thousand events parse in a quarter of a millisecond (decision 0020), and an answer that does not match throws
 * ResponseShapeError instead of reaching a screen.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  o: RequestOptions = {},
): Promise<z.output<S>> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const url = `${o.base ?? authServiceUrl}${path}${qs.size ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  // A call carrying its own authorization (a share link's token) never speaks for the session.
  const sentToken = o.anonymous || o.headers?.authorization ? undefined : authToken;

  if (sentToken) headers.authorization = `Bearer ${sentToken}`;
  Object.assign(headers, o.headers);

  let res: Response;
  try {
    res = await fetch(url, {
      method: o.method ?? 'GET',
      headers,
      body: o.form ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
      signal: o.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e instanceof Error ? e.message : 'network error');
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    // The body cut off (the page navigating away, the connection dropped): a network failure, never a refusal.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e instanceof Error ? e.message : 'network error');
  }
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    // Loaded when an error comes: the schemas (zod) stay out of the first page's code (decision 0760).
    const { ApiError } = await import('@vigil/contracts/errors');
    const parsed = ApiError.safeParse(data);
    if (
      res.status === 401 &&
      parsed.success &&
      TOKEN_REFUSALS.has(parsed.data.code) &&
      sentToken !== undefined &&
      sentToken === authToken
    )
      onAuthRefused?.(parsed.data.code);
    throw parsed.success
      ? new ApiRequestError(res.status, parsed.data.code, parsed.data.error)
      : new ApiRequestError(res.status, 'internal', res.statusText || 'Request failed');
  }
  const checked = schema.safeParse(data);
  if (!checked.success)
    throw new ResponseShapeError(
      path,
      res.status,
      checked.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`),
    );
  return checked.data;
}
