import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Nothing may be wider than the screen: a phone user never scrolls sideways. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

for (const vp of VIEWPORTS) {
  test.describe(`main screens on ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('fit the screen; screenshots for review', async ({ page, accounts }) => {
      // Eight screens, each loaded and photographed: more than one test's default 30 s beside the unit suite.
      test.setTimeout(90_000);
      const shot = async (name: string) => {
        expect([name, await overflowsSideways(page)]).toEqual([name, false]);
        await page.screenshot({ path: `test-results/screens/${vp.name}-${name}.png` });
      };
      for (const [name, path, heading] of [
        ['sign-in', '/sign-in', 'Sign in to Vigil'],
        ['register', '/register', 'Create your account'],
        ['forgot-password', '/forgot-password', 'Forgot your password?'],
        ['permission-levels', '/permission-levels', 'Permission levels'],
        ['not-found', '/no/such/page', 'Page not found'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await shot(name);
      }
      await page.goto('/register');
      await page.getByLabel(/^Password/).fill('password');
      await shot('register-joke');

      await page.goto('/demo/cameras');
      await expect(page.getByRole('heading', { name: 'Cameras' })).toBeVisible();
      await shot('demo');

      await signInAs(page, accounts.s, '/support');
      await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
      await shot('support');

      await page.goto('/cameras?app=true');
      await expect(page.getByRole('heading', { level: 1, name: 'Cameras' })).toBeVisible();
      await page.getByTestId('bottom-tabs').getByRole('button', { name: 'More' }).click();
      await shot('app-more');
      await page.evaluate(() => localStorage.removeItem('platform'));

      await page.context().setOffline(true);
      await expect(page.getByRole('heading', { name: 'Network error' })).toBeVisible();
      await shot('network-error');
      await page.context().setOffline(false);
    });
  });
}
