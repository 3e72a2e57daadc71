import type { Page } from '@playwright/test';
import { stillPaths } from '@vigil/contracts';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { freshAccount, invitationPath } from '../accounts-data.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { AccountPage } from '../pages/account-page.ts';

/**
 * Support access end to end (decision 0017): support cannot see a customer's camera picture until the owner gives
 * access on /account; then it can, and the owner's recent activity lists the look; after revoking, it cannot again.
 * Real server and recorder, a simulated RTSP camera, real Chromium.
 */
let sim: Simulator;

/**
 * Support opens the camera's latest still in its browser, as an <img> of the web app would load it (the web app
 * has no screen yet that lists a customer's cameras to support): a still grant first (never the auth token in the
 * address, decision 0014), then the picture. The refusing answer's status and code, or the picture's width.
 */
async function openStill(
  page: Page,
  uidd: string,
  token: string,
): Promise<{ status: number; width: number; code?: string }> {
  const asked = await page.request.post('/grants', {
    headers: { authorization: `Bearer ${token}` },
    data: { uidd, purpose: 'still' },
  });
  if (!asked.ok())
    return { status: asked.status(), width: 0, code: ((await asked.json()) as { code: string }).code };
  const { grant } = (await asked.json()) as { grant: string };
  const res = await page.goto(stillPaths.still(uidd, Math.floor(Date.now() / 1000), grant));
  if (!res) throw new Error('no answer for the still');
  if (!res.ok())
    return { status: res.status(), width: 0, code: ((await res.json()) as { code: string }).code };
  const img = page.locator('img');
  const width = (await img.count()) > 0 ? await img.evaluate((i: HTMLImageElement) => i.naturalWidth) : 0;
  return { status: res.status(), width };
}

test.beforeAll(async () => {
  // Ports apart from the other suites' simulators (live 18800–18849, alerts 18870–18889, labels 19650–19669).
  sim = await startSimulator({
    cameras: [{ fps: 10, gopSec: 2, resolution: '720p' }],
    portRange: [19700, 19719],
  });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('the owner gives support access, support sees the picture, the owner sees the look, then revokes', async ({
  page,
  browser,
  accounts,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await freshAccount(page.request, 'consent');
  const login = await apiLogin(page.request, owner);
  const headers = { authorization: `Bearer ${login.authToken}` };
  const added = await page.request.post('/cameras', {
    headers,
    data: { url: sim.cameras[0]!.urls.main, name: 'Front door', owner: owner.uid },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const uidd = ((await added.json()) as { uidd: string }).uidd;
  // The recorder has taken the camera's first still.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/cameras/status?uidd[]=${uidd}`, { headers });
        const body = (await res.json()) as { result: { devices: Array<{ lastStill: number | null }> } };
        return body.result.devices[0]?.lastStill ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  // Support, on its own device: the camera's picture is refused.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  const supportToken = (await apiLogin(support.request, accounts.s)).authToken;
  expect(await openStill(support, uidd, supportToken)).toEqual({
    status: 403,
    width: 0,
    code: 'support_consent_required',
  });

  // The owner gives access for an hour.
  await signInAs(page, owner, '/account');
  const account = new AccountPage(page);
  await expect(account.supportAccess).toContainText('Support cannot see your cameras’ pictures or video.');
  await expect(account.supportAccess.getByLabel('For how long')).toHaveValue('24');
  await account.giveSupportAccess('1 hour');
  await expect(account.supportAccess.getByRole('status')).toHaveText(/^Support access given until .+\.$/);
  await expect(account.supportAccess).toContainText(/Support can see your cameras’ pictures and video until/);
  await expect(account.activity.first()).toContainText('Support access given for 1 hour');
  await expect(account.activity.first()).toContainText('by you');

  // Support now sees the camera's picture (the simulator's 720p frames are 1280 wide).
  expect(await openStill(support, uidd, supportToken)).toEqual({ status: 200, width: 1280 });

  // The owner sees the look in the recent activity.
  await page.reload();
  await expect(
    account.activity.filter({ hasText: 'Support looked at the picture of Front door' }).first(),
  ).toContainText('by support staff');

  // A phone's view of the section, for the record (decision 0017).
  await page.setViewportSize({ width: 390, height: 844 });
  await account.supportAccess.scrollIntoViewIfNeeded();
  await account.supportAccess.screenshot({ path: testInfo.outputPath('support-access-phone.png') });
  await page
    .getByRole('region', { name: 'Recent activity' })
    .screenshot({ path: testInfo.outputPath('recent-activity-phone.png') });

  // Revoked: support's picture is refused again, and the revocation is listed.
  await account.supportAccess.getByRole('button', { name: 'Revoke access' }).click();
  await expect(account.supportAccess.getByRole('status')).toHaveText('Support access revoked.');
  await expect(account.supportAccess).toContainText('Support cannot see your cameras’ pictures or video.');
  await expect(account.activity.first()).toContainText('Support access revoked');
  expect(await openStill(support, uidd, supportToken)).toEqual({
    status: 403,
    width: 0,
    code: 'support_consent_required',
  });
  await supportContext.close();
});

test('a co-owner gives support access to the account they co-own, from their own account page', async ({
  page,
}) => {
  const owner = await freshAccount(page.request, 'owner');
  const partner = await freshAccount(page.request, 'coowner');
  const ownerLogin = await apiLogin(page.request, owner);
  const headers = { authorization: `Bearer ${ownerLogin.authToken}` };
  const invited = await page.request.post(`/multiuser/${owner.uid}/members`, {
    headers,
    data: { email: partner.email, level: 'coowner' },
  });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const token = new URLSearchParams(invitationPath(partner.email)?.split('?')[1]).get('token') as string;
  const partnerLogin = await apiLogin(page.request, partner);
  const accepted = await page.request.post('/multiuser/invites/accept', {
    headers: { authorization: `Bearer ${partnerLogin.authToken}` },
    data: { token },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await signInAs(page, partner, '/account');
  // Their own account's section, and one for the account they co-own.
  const shared = page.getByRole('region', { name: /^Support access to / });
  await expect(shared).toHaveCount(1);
  await expect(shared).toContainText('Support cannot see your cameras’ pictures or video.');
  await shared.getByLabel('For how long').selectOption({ label: '1 hour' });
  await shared.getByRole('button', { name: /^Give access/ }).click();
  await expect(shared.getByRole('status')).toHaveText(/^Support access given until .+\.$/);
  // The owner's account now lets support in.
  const state = await page.request.get(`/account/${owner.uid}/support-access`, { headers });
  expect(((await state.json()) as { active: boolean }).active).toBe(true);
});
