import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';

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
    const uidd = `${u.uid}.cam1`;
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
    const uidd = `${u.uid}.cam1`;
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
    const res = await sign(t, owner, {
      type: 'video',
      access: 'private',
      uidd: `${owner.uid}.cam1`,
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
    const uidd = `${u.uid}.cam1`;
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
    expect(
      (await sign(t, other, { type: 'video', access: 'private', uidd: `${owner.uid}.cam1`, ...range() }))
        .status,
    ).toBe(404);
    const mine = await sign(t, owner, {
      type: 'video',
      access: 'private',
      uidd: `${owner.uid}.cam1`,
      ...range(),
    });
    expect(
      (await t.call({ method: 'DELETE', url: `/jwt/links/${mine.json.id}`, token: other.token })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/jwt/links?uidd=${owner.uid}.cam1`, token: other.token })).status,
    ).toBe(404);
  });
});
