import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { addMember, invitationToken } from '../../testing/members.ts';
import { type SignedIn, signedInUser, signIn } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

describeEachDb('multi-user access', (ctx) => {
  it('invites by e-mail; accepting adds the account to the member’s session and permissions', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const m = await addMember(t, owner, 'coowner', { alias: 'Front desk' });
    const users = await t.call({ method: 'GET', url: `/multiuser/${m.uid}/access/users`, token: m.token });
    expect(users.json).toEqual([
      expect.objectContaining({
        uid: owner.uid,
        email: owner.email,
        alias: 'Front desk',
        maxAge: 30,
        has_cameras: false,
      }),
    ]);
    const perms = await t.call({
      method: 'GET',
      url: `/multiuser/${m.uid}/account-permissions`,
      token: m.token,
    });
    expect(perms.json[0]).toMatchObject({ object_uid: owner.uid, email: owner.email, name: owner.email });
    expect(perms.json[0].operations).toContain('c');
    const again = await signIn(t, m.email, m.password);
    const orgs = again.login.organisations as { coowner: boolean }[];
    expect(orgs.filter((o) => o.coowner)).toHaveLength(1);
    // Each organisation names its owner, so the web app can tell its own from those it was invited to.
    expect(orgs).toEqual([
      expect.objectContaining({ ownerUid: m.uid, coowner: false }),
      expect.objectContaining({ ownerUid: owner.uid, coowner: true }),
    ]);
    const list = await t.call({ method: 'GET', url: `/multiuser/${owner.uid}/members`, token: owner.token });
    expect(list.json).toEqual([
      expect.objectContaining({ email: m.email, level: 'coowner', status: 'active', uid: m.uid }),
    ]);
  });

  it('shows an organisation’s cameras only to members whose level sees cameras', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    await insertCamera(t, owner.uid);
    const viewer = await addMember(t, owner, 'viewonly');
    const none = await addMember(t, owner, 'none');
    const camerasOf = async (m: SignedIn) =>
      ((await signIn(t, m.email, m.password)).login.organisations as { ownerUid: string; cameras: boolean }[])
        .filter((o) => o.ownerUid === owner.uid)
        .map((o) => o.cameras);
    expect(await camerasOf(viewer)).toEqual([true]);
    expect(await camerasOf(none)).toEqual([false]);
  });

  it('accepts an invitation only once, only for the invited address, and not after a week', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const invited = await signedInUser(t);
    const stranger = await signedInUser(t);
    await t.call({
      method: 'POST',
      url: `/multiuser/${owner.uid}/members`,
      token: owner.token,
      payload: { email: invited.email, level: 'viewonly' },
    });
    const token = await invitationToken(t, invited.email);
    const wrongPerson = await t.call({
      method: 'POST',
      url: '/multiuser/invites/accept',
      token: stranger.token,
      payload: { token },
    });
    expect(wrongPerson.status).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/multiuser/invites/accept',
          token: invited.token,
          payload: { token },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/multiuser/invites/accept',
          token: invited.token,
          payload: { token },
        })
      ).json.code,
    ).toBe('invalid_link');

    const late = await signedInUser(t);
    await t.call({
      method: 'POST',
      url: `/multiuser/${owner.uid}/members`,
      token: owner.token,
      payload: { email: late.email, level: 'viewonly' },
    });
    const lateToken = await invitationToken(t, late.email);
    t.clock.advance(8 * 86_400_000);
    const expired = await t.call({
      method: 'POST',
      url: '/multiuser/invites/accept',
      token: (await signIn(t, late.email, late.password)).token,
      payload: { token: lateToken },
    });
    expect(expired.json.code).toBe('invalid_link');
  });

  it('lets managers grant only below their own level; nobody changes their own; mass assignment is refused', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const admin = await addMember(t, owner, 'admin');
    const viewer = await addMember(t, owner, 'viewonly');
    const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.call({ method, url, token: admin.token, payload });

    const someone = await t.createUser();
    expect(
      (await asAdmin('POST', `/multiuser/${owner.uid}/members`, { email: someone.email, level: 'coowner' }))
        .status,
    ).toBe(403);
    expect(
      (await asAdmin('POST', `/multiuser/${owner.uid}/members`, { email: someone.email, level: 'admin' }))
        .status,
    ).toBe(403);
    expect(
      (await asAdmin('POST', `/multiuser/${owner.uid}/members`, { email: someone.email, level: 'readonly' }))
        .status,
    ).toBe(200);
    expect(
      (await asAdmin('PATCH', `/multiuser/${owner.uid}/members/${admin.memberId}`, { level: 'coowner' }))
        .status,
    ).toBe(403);
    expect(
      (await asAdmin('PATCH', `/multiuser/${owner.uid}/members/${viewer.memberId}`, { level: 'liveonly' }))
        .json.level,
    ).toBe('liveonly');
    const sneaky = await asAdmin('PATCH', `/multiuser/${owner.uid}/members/${viewer.memberId}`, {
      level: 'liveonly',
      owner_uid: admin.uid,
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.json.error).toContain('unknown field');

    // A view-only user manages nobody and sees no member list; an unrelated user does not see the account at all.
    expect(
      (await t.call({ method: 'GET', url: `/multiuser/${owner.uid}/members`, token: viewer.token })).status,
    ).toBe(403);
    const stranger = await signedInUser(t);
    expect(
      (await t.call({ method: 'GET', url: `/multiuser/${owner.uid}/members`, token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/multiuser/${owner.uid}/access/users`, token: stranger.token }))
        .status,
    ).toBe(403);
  });

  it('revoking access takes effect on the member’s next request', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const m = await addMember(t, owner, 'admin');
    expect(
      (await t.call({ method: 'GET', url: `/multiuser/${owner.uid}/members`, token: m.token })).status,
    ).toBe(200);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `/multiuser/${owner.uid}/members/${m.memberId}`,
          token: owner.token,
        })
      ).json,
    ).toBe(true);
    expect(
      (await t.call({ method: 'GET', url: `/multiuser/${owner.uid}/members`, token: m.token })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/multiuser/${m.uid}/access/users`, token: m.token })).json,
    ).toEqual([]);
  });

  it('joins the inviting account when the invited person registers from the link', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const email = 'brand.new.member@example.com';
    await t.call({
      method: 'POST',
      url: `/multiuser/${owner.uid}/members`,
      token: owner.token,
      payload: { email, level: 'liveonly' },
    });
    const token = await invitationToken(t, email);
    const reg = await t.call({
      method: 'POST',
      url: '/account/register',
      payload: { email, password: 'a long enough passphrase', inviteid: token },
    });
    expect(reg.status).toBe(200);
    const member = await signIn(t, email, 'a long enough passphrase');
    const perms = await t.call({
      method: 'GET',
      url: `/multiuser/${member.uid}/account-permissions`,
      token: member.token,
    });
    expect(perms.json).toEqual([expect.objectContaining({ object_uid: owner.uid, operations: ['vl'] })]);
  });

  it('refuses per-camera access to cameras of another account', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const other = await t.createUser();
    const res = await t.call({
      method: 'POST',
      url: `/multiuser/${owner.uid}/members`,
      token: owner.token,
      payload: {
        email: other.email,
        level: 'viewonly',
        cameraScope: 'selected',
        cameras: [`${other.uid}.cam1`],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('is not a camera of this account');
  });
});
