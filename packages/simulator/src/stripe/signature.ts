import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header of a webhook delivery, as Stripe documents it: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>`. Written from the published scheme, apart from
 * the SDK's check, so a server that verifies these with the SDK is checked against Stripe's scheme.
 */
export function stripeSignatureHeader(payload: string, secret: string, timestampSec: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSec}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSec},v1=${v1}`;
}
