import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser, signIn } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { acceptInvitation, newcomer } from './testing.ts';

describeEachDb('partner portal', (ctx) => {
  let support: SignedIn;
  let dist: SignedIn & { id: string };
  let inst: SignedIn & { id: string };

  beforeAll(async () => {
    const t = ctx();
    support = await signedInUser(t, 's');
    const d = newcomer('Dist');
    const madeD = await t.call({
      method: 'POST',
      url: '/partners/distributors',
      token: support.token,
      payload: d,
    });
    dist = { ...(await acceptInvitation(t, d.email, 'correct horse dist staple')), id: madeD.json.id };
    const i = newcomer('Inst');
    const madeI = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: dist.token,
      payload: i,
    });
    inst = { ...(await acceptInvitation(t, i.email, 'correct horse inst staple')), id: madeI.json.id };
  });

  it('signs partners in with their place in the hierarchy and the free partner demo group', () => {
    expect(dist.login).toMatchObject({
      accountType: 'd',
      managementType: 'd',
      distributorid: dist.id,
      distributorId: dist.id,
      installerid: null,
    });
    expect(inst.login).toMatchObject({
      accountType: 'i',
      managementType: 'i',
      installerid: inst.id,
      distributorid: dist.id,
    });
    expect(inst.login.managementScope).toEqual(['customers', 'subscriptions', 'prices']);
    const groups = inst.login.cameraGroups as { id: number; name: string }[];
    expect(groups.find((g) => g.id === -1)?.name).toBe('Free partner demo');
  });

  it("gives installers and distributors the demo account's cameras as the free partner demo", async () => {
    const t = ctx();
    const demoUid = await t.app.services.users.demoUid();
    const cam = await insertCamera(t, demoUid!);
    const again = await signIn(t, inst.email, inst.password);
    expect(again.login.partnerDemoCameras).toEqual([cam]);
    const groups = again.login.cameraGroups as { id: number; cameras: string[] }[];
    expect(groups.find((g) => g.id === -1)?.cameras).toEqual([cam]);
    expect((await signIn(t, dist.email, dist.password)).login.partnerDemoCameras).toEqual([cam]);
    expect((await signIn(t, support.email, support.password)).login.partnerDemoCameras).toEqual([]);
    // The demo account's consent withdrawn (/manage-plan/demo-consent, decision 0743): no demo cameras.
    await t.db.db
      .insertInto('account_consents')
      .values({ uid: demoUid!, ai_training: 0, partner_demo: 0, updated_by: demoUid!, updated_at: 1 })
      .execute();
    expect((await signIn(t, inst.email, inst.password)).login.partnerDemoCameras).toEqual([]);
  });

  it('answers the manager account errors: company exists, email exists, user exists', async () => {
    const t = ctx();
    const again = { company: '  ACME   Security ', email: 'fresh-acme@example.com' };
    const first = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: dist.token,
      payload: { company: 'Acme Security', email: 'acme-first@example.com' },
    });
    expect(first.status).toBe(200);
    expect(first.json.id).toMatch(/^acme-security-[a-z0-9]{6}$/);
    const sameCompany = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: dist.token,
      payload: again,
    });
    expect([sameCompany.status, sameCompany.json.code]).toEqual([409, 'company_exists']);
    const sameEmail = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: dist.token,
      payload: { company: 'Other Co', email: inst.email },
    });
    expect([sameEmail.status, sameEmail.json.code]).toEqual([409, 'email_exists']);
    const existingUser = await t.call({
      method: 'POST',
      url: '/partners/customers',
      token: inst.token,
      payload: { company: 'Bakery', email: support.email },
    });
    expect([existingUser.status, existingUser.json.code]).toEqual([409, 'user_exists']);
  });

  it('an installer creates a customer, who accepts and sees the installer in its audit log', async () => {
    const t = ctx();
    const c = { company: 'Corner Bakery', email: 'bakery-owner@example.com' };
    const made = await t.call({ method: 'POST', url: '/partners/customers', token: inst.token, payload: c });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({
      company: 'Corner Bakery',
      email: c.email,
      accepted: false,
      cameras: 0,
    });
    const owner = await acceptInvitation(t, c.email, 'correct horse bakery staple');
    expect(owner.login).toMatchObject({ accountType: 'u', installerid: inst.id, emailVerified: true });
    const list = await t.call({ method: 'GET', url: '/partners/customers', token: inst.token });
    expect(list.json.customers).toEqual([expect.objectContaining({ uid: owner.uid, accepted: true })]);
    const audit = await t.call({ method: 'GET', url: `/account/${owner.uid}/audit`, token: owner.token });
    expect(audit.json.entries).toEqual([
      expect.objectContaining({
        action: 'partner.created',
        actor: { uid: inst.uid, email: inst.email },
        details: { installerId: inst.id, company: expect.stringMatching(/^Inst /) },
      }),
    ]);
    const totals = await t.call({ method: 'GET', url: '/partners/installers', token: dist.token });
    expect(totals.json.partners.find((p: { id: string }) => p.id === inst.id)).toMatchObject({
      customers: 1,
    });
    // The distributor's totals: its two installers (this one and Acme, made above), one customer between them.
    const distributor = await t.call({ method: 'GET', url: `/partners/${dist.id}`, token: support.token });
    expect(distributor.json).toMatchObject({ kind: 'd', installers: 2, customers: 1 });
  });

  it('a suspended installer is refused until its distributor lifts it', async () => {
    const t = ctx();
    const off = await t.call({
      method: 'PUT',
      url: `/partners/${inst.id}/suspended`,
      token: dist.token,
      payload: { suspended: true },
    });
    expect(off.json.suspended).toBe(true);
    const refused = await t.call({ method: 'GET', url: '/partners/customers', token: inst.token });
    expect([refused.status, refused.json.code]).toEqual([403, 'partner_suspended']);
    await t.call({
      method: 'PUT',
      url: `/partners/${inst.id}/suspended`,
      token: dist.token,
      payload: { suspended: false },
    });
    expect((await t.call({ method: 'GET', url: '/partners/customers', token: inst.token })).status).toBe(200);
  });

  it('support finds an account, starts a reset without setting the password, and moves it; all audited', async () => {
    const t = ctx();
    const c = { company: 'Florist', email: 'florist-owner@example.com' };
    const made = await t.call({ method: 'POST', url: '/partners/customers', token: inst.token, payload: c });
    const owner = await acceptInvitation(t, c.email, 'correct horse florist staple');
    t.clock.advance(1000);
    const found = await t.call({
      method: 'GET',
      url: '/support/accounts?q=FLORIST-own',
      token: support.token,
    });
    expect(found.json.accounts.map((a: { uid: string }) => a.uid)).toEqual([made.json.uid]);
    const byCamera = await t.call({
      method: 'GET',
      url: `/support/accounts?q=${owner.uid}.cam9`,
      token: support.token,
    });
    expect(byCamera.json.accounts.map((a: { uid: string }) => a.uid)).toEqual([owner.uid]);
    const reset = await t.call({
      method: 'POST',
      url: `/support/accounts/${owner.uid}/tools/password-reset`,
      token: support.token,
    });
    expect(reset.status).toBe(200);
    t.clock.advance(1000);
    // The password is unchanged: the owner still signs in with it.
    await signIn(t, c.email, 'correct horse florist staple');
    const other = newcomer('Other');
    const otherInst = await t.call({
      method: 'POST',
      url: '/partners/installers',
      token: support.token,
      payload: other,
    });
    const moved = await t.call({
      method: 'PUT',
      url: `/support/accounts/${owner.uid}/installer`,
      token: support.token,
      payload: { installerId: otherInst.json.id },
    });
    expect(moved.json).toMatchObject({ installerId: otherInst.json.id, customerOf: otherInst.json.id });
    const gone = await t.call({ method: 'GET', url: `/partners/customers/${owner.uid}`, token: inst.token });
    expect(gone.status).toBe(404);
    const audit = await t.call({ method: 'GET', url: `/account/${owner.uid}/audit`, token: owner.token });
    expect(audit.json.entries.map((e: { action: string }) => e.action)).toEqual([
      'partner.moved',
      'support.tool',
      'partner.created',
    ]);
  });
});
