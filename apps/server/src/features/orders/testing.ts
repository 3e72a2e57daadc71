import type { TestApp } from '../../testing/harness.ts';
import { signOrderWebhook } from './signature.ts';

/** A webhook delivery as a point of sale sends it: the raw body signed with the secret at the app's clock. */
export function deliver(
  t: TestApp,
  uid: string,
  secret: string,
  body: unknown,
  o: { skewSec?: number; raw?: string } = {},
) {
  const raw = o.raw ?? JSON.stringify(body);
  const ts = Math.floor(t.clock.now() / 1000) + (o.skewSec ?? 0);
  return t.call({
    method: 'POST',
    url: `/takeaway/webhook/${uid}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-vigil-timestamp': String(ts),
      'x-vigil-signature': signOrderWebhook(secret, ts, raw),
    },
  });
}
