import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ORDER_WEBHOOK_TOLERANCE_SEC } from '@vigil/contracts';

/**
 * The order webhook's signature (decision 0840), pure: HMAC-SHA256 with the account's secret over
 * `<timestamp>.<raw body>`, sent as `v1=<hex>`. The timestamp is inside what is signed, so a captured request
 * cannot be replayed later with a fresh one; the tolerance bounds how long a captured request stays usable, and
 * within it the import's idempotency makes a replay change nothing.
 */

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable in a scan. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** What the point of sale computes and sends in `x-vigil-signature`. */
export function signOrderWebhook(secret: string, timestampSec: number, rawBody: Buffer | string): string {
  return `v1=${mac(secret, String(timestampSec), rawBody).toString('hex')}`;
}

function mac(secret: string, timestamp: string, rawBody: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; code: 'signature_invalid' | 'signature_expired'; message: string };

/**
 * Checks a request's timestamp and signature headers against the secret, at `nowMs`. Several `v1=` values (comma
 * separated) are accepted so a point of sale can sign with an old and a new secret while one is rotated.
 */
export function verifyOrderWebhook(o: {
  secret: string | null | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  nowMs: number;
}): SignatureCheck {
  const invalid = (message: string): SignatureCheck => ({ ok: false, code: 'signature_invalid', message });
  if (!o.timestamp || !/^\d{1,12}$/.test(o.timestamp))
    return invalid('The timestamp header is missing or not epoch seconds');
  if (!o.signature) return invalid('The signature header is missing');
  const skewSec = Math.abs(o.nowMs / 1000 - Number(o.timestamp));
  if (skewSec > ORDER_WEBHOOK_TOLERANCE_SEC)
    return {
      ok: false,
      code: 'signature_expired',
      message: `The timestamp is more than ${ORDER_WEBHOOK_TOLERANCE_SEC} s from the server's clock`,
    };
  // An account without a secret answers as a wrong signature: the webhook does not say which accounts exist.
  if (!o.secret) return invalid('The signature does not match');
  const expected = mac(o.secret, o.timestamp, o.rawBody);
  const given = o.signature
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('v1=') && /^[0-9a-f]{64}$/i.test(s.slice(3)))
    .map((s) => Buffer.from(s.slice(3), 'hex'));
  // Same length by the pattern above: timingSafeEqual compares without leaking where the first difference is.
  return given.some((g) => timingSafeEqual(g, expected))
    ? { ok: true }
    : invalid('The signature does not match');
}
