import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { type SignedIn, signedInUser } from './sessions.ts';

/** The invitation token from the last e-mail in the outbox to `email`. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mail = await t.db.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const m = /acceptinvite\?token=([^&\s]+)/.exec(mail.body_text);
  if (!m?.[1]) throw new Error('no invitation link');
  return decodeURIComponent(m[1]);
}

/** The owner invites a fresh user at a level through the API; the user accepts. */
export async function addMember(
  t: TestApp,
  owner: SignedIn,
  level: string,
  extra: object = {},
): Promise<SignedIn & { memberId: string }> {
  const person = await signedInUser(t);
  const invite = await t.call({
    method: 'POST',
    url: `/multiuser/${owner.uid}/members`,
    token: owner.token,
    payload: { email: person.email, level, ...extra },
  });
  expect(invite.status, JSON.stringify(invite.json)).toBe(200);
  const accept = await t.call({
    method: 'POST',
    url: '/multiuser/invites/accept',
    token: person.token,
    payload: { token: await invitationToken(t, person.email) },
  });
  expect(accept.status).toBe(200);
  return { ...person, memberId: invite.json.id };
}

/** The owner sets a member's level through the API. */
export async function setMemberLevel(t: TestApp, owner: SignedIn, memberId: string, level: string) {
  const res = await t.call({
    method: 'PATCH',
    url: `/multiuser/${owner.uid}/members/${memberId}`,
    token: owner.token,
    payload: { level },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}
