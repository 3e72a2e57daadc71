import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember, setMemberLevel } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

async function sign(t: TestApp, who: SignedIn, body: object) {
  return t.call({ method: 'POST', url: '/jwt/sign', token: who.token, payload: body });
}
const verify = (t: TestApp, shareToken: string, userToken?: string) =>
  t.call({
    method: 'GET',
    url: '/jwt/verify',
    headers: { authorization: `Bearer ${shareToken}`, ...(userToken ? { 'x-auth-token': userToken } : {}) },
  });

describeEachDb('share links', (ctx) => {
  // The app's clock, which tests move; not the wall clock.
  const nowSec = () => Math.floor(ctx().clock.now() / 1000);
  const range = () => ({ startSec: nowSec() - 3600, endSec: nowSec() - 3000 });

  it('public links open signed out until they expire; the server builds the claims', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const uidd = await insertCamera(t, u.uid);
    const res = await sign(t, u, { type: 'video', access: 'public', uidd, ...range(), validSeconds: 3600 });
    expect(res.status).toBe(200);
    expect(res.json.metadata).toMatchObject({ type: 'video', access: 'public' });
    const ok = await verify(t, res.json.token);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ uidd, access: 'public', signedIn: false, ...range() });
    const viaQuery = await t.call({ method: 'GET', url: `/jwt/metadata?token=${res.json.token}` });
    expect(viaQuery.json).toMatchObject({ type: 'video', access: 'public', expiry: expect.any(Number) });

    t.clock.advance(2 * 3600_000);
    const late = await verify(t, res.json.token);
    expect(late.status).toBe(410);
    expect(late.json.code).toBe('share_expired');
  });

  it('refuses a public link without an expiry, and extra claims from the client', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const uidd = await insertCamera(t, u.uid);
    const noExpiry = await sign(t, u, { type: 'video', access: 'public', uidd, ...range() });
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.json.code).toBe('invalid_expiry');
    const never = await sign(t, u, { type: 'video', access: 'public', uidd, ...range(), noExpiry: true });
    expect(never.json.metadata.expiry).toBeNull();
    const past = await sign(t, u, {
      type: 'video',
      access: 'public',
      uidd,
      ...range(),
      expiryTimestamp: nowSec() - 10,
    });
    expect(past.json.code).toBe('invalid_expiry');
    const extra = await sign(t, u, {
      type: 'video',
      access: 'public',
      uidd,
      ...range(),
      noExpiry: true,
      sub: 'someone-else',
      admin: true,
    });
    expect(extra.status).toBe(400);
    const reversed = await sign(t, u, {
      type: 'video',
      access: 'private',
      uidd,
      startSec: nowSec() - 10,
      endSec: nowSec() - 20,
    });
    expect(reversed.status).toBe(400);
    const future = await sign(t, u, {
      type: 'video',
      access: 'private',
      uidd,
      startSec: nowSec() + 3600,
      endSec: nowSec() + 7200,
    });
    expect(future.status).toBe(400);
  });

  it('private links need a signed-in viewer with access to the camera', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const res = await sign(t, owner, {
      type: 'video',
      access: 'private',
      uidd: cam,
      ...range(),
    });
    expect((await verify(t, res.json.token)).status).toBe(401);
    const denied = await verify(t, res.json.token, stranger.token);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('share_unauthorised');
    const ok = await verify(t, res.json.token, owner.token);
    expect(ok.json).toMatchObject({ access: 'private', signedIn: true });
  });

  it('revoked links fail; uses are counted; tokens of one kind never pass as the other', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const uidd = await insertCamera(t, u.uid);
    const res = await sign(t, u, { type: 'video', access: 'public', uidd, ...range(), noExpiry: true });
    await verify(t, res.json.token);
    // A share token is not an auth token, and an auth token is not a share token.
    expect((await t.call({ method: 'GET', url: '/session', token: res.json.token })).status).toBe(401);
    const authAsShare = await verify(t, u.token);
    expect(authAsShare.status).toBe(401);
    expect(authAsShare.json.code).toBe('share_invalid');
    expect((await t.call({ method: 'DELETE', url: `/jwt/links/${res.json.id}`, token: u.token })).json).toBe(
      true,
    );
    const revoked = await verify(t, res.json.token);
    expect(revoked.status).toBe(401);
    expect(revoked.json.error).toContain('revoked');
    const list = await t.call({ method: 'GET', url: `/jwt/links?uidd=${uidd}`, token: u.token });
    expect(list.json[0]).toMatchObject({ id: res.json.id, revoked: true, uses: 2 });
  });

  it('cannot share another tenant’s camera, nor revoke their links', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    expect((await sign(t, other, { type: 'video', access: 'private', uidd: cam, ...range() })).status).toBe(
      404,
    );
    const mine = await sign(t, owner, {
      type: 'video',
      access: 'private',
      uidd: cam,
      ...range(),
    });
    expect(
      (await t.call({ method: 'DELETE', url: `/jwt/links/${mine.json.id}`, token: other.token })).status,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: `/jwt/links?uidd=${cam}`, token: other.token })).status).toBe(
      404,
    );
  });

  it('a link dies with its camera, and is not revived by another camera of the same name (decision 0016)', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const link = await sign(t, owner, {
      type: 'video',
      access: 'public',
      uidd: cam,
      ...range(),
      noExpiry: true,
    });
    expect((await verify(t, link.json.token)).status).toBe(200);
    const del = await t.call({ method: 'GET', url: `/deldevice?uid=${cam}`, token: owner.token });
    expect(del.status).toBe(200);
    const gone = await verify(t, link.json.token);
    expect([gone.status, gone.json.code]).toEqual([401, 'share_invalid']);
    // Nor can a link be made for a camera that does not exist.
    const none = await sign(t, owner, {
      type: 'video',
      access: 'public',
      uidd: cam,
      ...range(),
      noExpiry: true,
    });
    expect(none.status).toBe(404);
  });

  it("a link lives only as long as its creator's right to view the camera's recordings (decision 0016)", async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const viewer = await addMember(t, owner, 'viewonly');
    const link = await sign(t, viewer, {
      type: 'video',
      access: 'public',
      uidd: cam,
      ...range(),
      noExpiry: true,
    });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    expect((await verify(t, link.json.token)).status).toBe(200);
    await setMemberLevel(t, owner, viewer.memberId, 'none');
    const lapsed = await verify(t, link.json.token);
    expect([lapsed.status, lapsed.json.code]).toEqual([401, 'share_invalid']);
    // The owner's own links are untouched.
    const own = await sign(t, owner, {
      type: 'video',
      access: 'public',
      uidd: cam,
      ...range(),
      noExpiry: true,
    });
    expect((await verify(t, own.json.token)).status).toBe(200);
    // Removed from the account altogether: the same.
    await setMemberLevel(t, owner, viewer.memberId, 'viewonly');
    expect((await verify(t, link.json.token)).status).toBe(200);
    const removed = await t.call({
      method: 'DELETE',
      url: `/multiuser/${owner.uid}/members/${viewer.memberId}`,
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await verify(t, link.json.token)).status).toBe(401);
  });
});
