import { expect } from 'vitest';
import type { TestApp } from '../../testing/harness.ts';
import { type SignedIn, signIn } from '../../testing/sessions.ts';

/** The routes the partner isolation matrix (isolation.test.ts here) covers; the tenant matrix leaves them to it. */
export const PARTNER_ROUTE_PREFIXES = ['/partners/', '/support/', '/regions/'] as const;
export const isPartnerRoute = (url: string) => PARTNER_ROUTE_PREFIXES.some((p) => url.startsWith(p));

/** Accepts the invitation e-mailed to `email` (sets the password through the link), then signs in. */
export async function acceptInvitation(t: TestApp, email: string, password: string): Promise<SignedIn> {
  const mail = await t.db.db
    .selectFrom('outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const m = /reset-password\?uid=([^&\s]+)&v=([^&\s]+)/.exec(mail.body_text);
  expect(m, mail.body_text).not.toBeNull();
  const [, uid, v] = m as unknown as [string, string, string];
  const q = new URLSearchParams({
    uid: decodeURIComponent(uid),
    v: decodeURIComponent(v),
    newpass: password,
  });
  const res = await t.call({ method: 'GET', url: `/resetpassword?${q}` });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return signIn(t, email, password);
}

let n = 0;
/** A fresh company and e-mail for a new partner or customer. */
export function newcomer(label: string): { company: string; email: string } {
  n += 1;
  const tag = `${label}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  return { company: `${label} ${tag}`, email: `${tag}@example.com`.toLowerCase() };
}

/**
 * A new partner or customer, made by `token` at `url` (POST /partners/distributors, installers or customers) with a
 * fresh company and e-mail, its invitation accepted: its id, company, and its session signed in.
 */
export async function invited(t: TestApp, url: string, token: string, label: string) {
  const body = newcomer(label);
  const made = await t.call({ method: 'POST', url, token, payload: body });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const signed = await acceptInvitation(t, body.email, `correct horse ${label} staple`);
  return { id: made.json.id as string, company: body.company, signed };
}
