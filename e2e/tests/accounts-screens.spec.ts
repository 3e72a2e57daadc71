import type { Page } from '@playwright/test';
import { freshAccount, insertCameras, invitationPath } from '../accounts-data.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { CameraGroupsPage } from '../pages/camera-groups-page.ts';
import { MemberForm, MembersPage } from '../pages/members-page.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Nothing may be wider than the screen: a phone user never scrolls sideways. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

for (const vp of VIEWPORTS) {
  test.describe(`accounts screens on ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('fit the screen; screenshots for review', async ({ page, browser }) => {
      const shot = async (name: string) => {
        expect([name, await overflowsSideways(page)]).toEqual([name, false]);
        await page.screenshot({ path: `test-results/screens/${vp.name}-${name}.png`, fullPage: true });
      };
      const owner = await freshAccount(page.request, 'screens');
      const invitee = `guest-${Date.now()}@e2e.example`;
      insertCameras(owner.uid, [
        'Front door',
        'Yard',
        'Garage',
        'Loading bay with a rather long camera name',
      ]);

      await page.goto('/permission-levels');
      await expect(page.getByRole('table')).toBeVisible();
      await shot('permission-levels-matrix');

      await signInAs(page, owner, `/manage-plan/additional-users/new/${owner.uid}`);
      const form = new MemberForm(page);
      await form.fill({
        email: invitee,
        alias: 'Night guard',
        level: 'View only',
        cameras: ['Front door', 'Yard'],
      });
      await shot('member-new');
      await form.submit('Send the invitation');
      const members = new MembersPage(page);
      await expect(members.card(invitee)).toBeVisible();
      await shot('members');
      await page.getByRole('button', { name: `Remove ${invitee}` }).click();
      await expect(members.dialog).toBeVisible();
      await shot('member-remove-dialog');
      await members.dialog.getByRole('button', { name: 'Cancel' }).click();
      await members.edit(invitee);
      await expect(form.level).toHaveValue('viewonly');
      await shot('member-edit');

      const groups = new CameraGroupsPage(page);
      await page.goto('/camera-groups/new');
      await groups.fill('Outside', ['Front door', 'Yard']);
      await groups.create.click();
      await expect.poll(() => groups.names()).toEqual(['Outside']);
      await shot('camera-groups');
      await groups.newGroup.click();
      await groups.fill('Inside');
      await shot('camera-group-new');
      await page.goto('/camera-groups');
      await groups.open('Outside');
      await expect(groups.name).toHaveValue('Outside');
      await shot('camera-group-edit');

      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();
      await shot('account');

      await expect.poll(() => invitationPath(invitee)).toBeTruthy();
      const other = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
      const visitor = await other.newPage();
      await visitor.goto(invitationPath(invitee)!);
      await expect(visitor.getByRole('heading', { name: 'Accept invitation' })).toBeVisible();
      expect(await overflowsSideways(visitor)).toBe(false);
      await visitor.screenshot({ path: `test-results/screens/${vp.name}-accept-invite.png`, fullPage: true });
      await other.close();
    });
  });
}
