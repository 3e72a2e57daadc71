import { createHash, createHmac } from 'node:crypto';

/** What a presigned GET needs (AWS Signature Version 4, query-string authentication). */
export interface PresignRequest {
  /** The object's URL without a query: `https://<bucket>.s3.<region>.amazonaws.com/<key>` or path style. */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (an instance role, STS) carry a session token: it is signed into the URL. */
  sessionToken?: string | undefined;
  /** When the URL is signed, epoch ms. */
  nowMs: number;
  /** How long it is valid, seconds (S3 takes 1 to 604,800). */
  expiresSec: number;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, `/` kept in paths when asked. */
function uriEncode(text: string, keepSlash: boolean): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** `20130524T000000Z` of an instant. */
export function amzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * A presigned GET URL for an S3 object (decision 0857): the signature of the SigV4 documentation's "Authenticating
 * Requests: Using Query Parameters", with the `host` header signed alone and the payload `UNSIGNED-PAYLOAD`. A
 * `Range` header sent with it is not signed, so a player's byte ranges work with one URL. Pure: the same inputs give
 * the same URL (the unit test checks AWS's published example).
 */
export function presignGet(r: PresignRequest): string {
  const url = new URL(r.url);
  const time = amzDate(r.nowMs);
  const day = time.slice(0, 8);
  const scope = `${day}/${r.region}/s3/aws4_request`;
  const params: [string, string][] = [
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Credential', `${r.accessKeyId}/${scope}`],
    ['X-Amz-Date', time],
    ['X-Amz-Expires', String(r.expiresSec)],
    ...(r.sessionToken ? ([['X-Amz-Security-Token', r.sessionToken]] as [string, string][]) : []),
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const query = params
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  // The path as sent: each segment encoded once (a key's spaces, non-ASCII), its slashes kept.
  const path = uriEncode(decodeURIComponent(url.pathname), true);
  const canonical = ['GET', path, query, `host:${url.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = [ALGORITHM, time, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${r.secretAccessKey}`, day), r.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return `${url.origin}${path}?${query}&X-Amz-Signature=${signature}`;
}
