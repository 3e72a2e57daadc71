import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

export interface SignedIn {
  uid: string;
  email: string;
  password: string;
  token: string;
  login: Record<string, unknown> & { webLogin: { loginToken: string; seriesId: string; uid: string } };
}

/** A new user of the given type, signed in. */
export async function signedInUser(t: TestApp, accountType: 'u' | 'i' | 'd' | 's' = 'u'): Promise<SignedIn> {
  const u = await t.createUser({ accountType });
  return signIn(t, u.email, u.password);
}

export async function signIn(t: TestApp, email: string, password: string): Promise<SignedIn> {
  const res = await t.call({ method: 'POST', url: '/login?rememberme=true', payload: { email, password } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { uid: res.json.uid, email, password, token: res.json.authToken, login: res.json };
}

/**
 * A media grant (POST /grants, decision 0014): what a browser puts in a media address (a WebSocket, an <img>, a
 * native player's playlist), where the auth token is never accepted.
 */
export async function mediaGrant(
  t: Pick<TestApp, 'call'>,
  token: string,
  uidd: string,
  purpose: 'live' | 'recorded' | 'still' | 'live-playlist' = 'live',
): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/grants', token, payload: { uidd, purpose } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.grant as string;
}

/**
 * Invites `person` to `owner`'s account at `level` (with `scope`, e.g. chosen cameras) and accepts through the token
 * e-mailed to it: an additional user of that account.
 */
export async function inviteMember(
  t: TestApp,
  owner: SignedIn,
  person: SignedIn,
  level: string,
  scope: Record<string, unknown> = {},
): Promise<void> {
  const invited = await t.call({
    method: 'POST',
    url: `/multiuser/${owner.uid}/members`,
    token: owner.token,
    payload: { email: person.email, level, ...scope },
  });
  expect(invited.status, JSON.stringify(invited.json)).toBe(200);
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
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
}

/** A new user made an additional user of `owner`'s account at `level` (invited, then accepting), signed in. */
export async function memberOf(t: TestApp, owner: SignedIn, level: string): Promise<SignedIn> {
  const person = await signedInUser(t);
  await inviteMember(t, owner, person, level);
  return person;
}
