import { expect } from 'vitest';
import type { TestApp } from '../../testing/harness.ts';

export const SELF_REG_PASSWORD = 'a long enough passphrase';

/** A self-registered end user (installer SELF1), signed in: the account the payment step is for. */
export async function selfRegistered(t: TestApp, email: string) {
  const reg = await t.call({
    method: 'POST',
    url: '/account/register',
    payload: { email, password: SELF_REG_PASSWORD, installerId: 'SELF1', type: 'enduser' },
  });
  expect(reg.status, JSON.stringify(reg.json)).toBe(200);
  const login = await t.call({
    method: 'POST',
    url: '/login',
    payload: { email, password: SELF_REG_PASSWORD },
  });
  return { uid: login.json.uid as string, token: login.json.authToken as string, login: login.json };
}
