import { expect } from 'vitest';
import type { TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
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

/** A new user made an additional user of the owner's account at a level (invited and accepted, as people do). */
export async function memberAt(t: TestApp, owner: SignedIn, level: string): Promise<SignedIn> {
  const person = await signedInUser(t);
  await t.call({
    method: 'POST',
    url: `/multiuser/${owner.uid}/members`,
    token: owner.token,
    payload: { email: person.email, level },
  });
  const mail = await t.db.db
    .selectFrom('outbox')
    .select('body_text')
    .where('to_address', '=', person.email)
    .executeTakeFirstOrThrow();
  const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail.body_text)?.[1] ?? '');
  const accepted = await t.call({
    method: 'POST',
    url: '/multiuser/invites/accept',
    token: person.token,
    payload: { token },
  });
  expect(accepted.status).toBe(200);
  return person;
}
