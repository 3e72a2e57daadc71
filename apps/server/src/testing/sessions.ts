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
