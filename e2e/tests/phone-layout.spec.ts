import type { Locator, Page } from '@playwright/test';
import { signInAs } from '../fixtures.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { expect, test } from '../recordings.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The element's box, which must exist. */
async function box(l: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await l.boundingBox();
  if (!b) throw new Error('no bounding box: the element is not rendered');
  return b;
}

/** Entirely on the screen as the page first shows it (no scrolling: the page is at its top). */
async function expectOnScreen(page: Page, l: Locator, vp: { width: number; height: number }) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const b = await box(l);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(vp.width);
  expect(b.y + b.height).toBeLessThanOrEqual(vp.height);
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test.describe('a phone browser (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('every sidebar entry, Log out included, is one tap away in the menu', async ({ page, accounts }) => {
    await signInAs(page, accounts.u, '/cameras');
    await expect(page.getByRole('heading', { level: 1, name: 'Cameras' })).toBeVisible();
    const bar = page.getByTestId('sidebar');
    // One bar of 48 px at the top, full width, and nothing scrolls sideways.
    const b = await box(bar);
    expect([b.y, b.height, b.width]).toEqual([0, 48, 390]);
    expect(await sideways(page)).toBe(false);
    const menu = bar.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);

    await menu.click();
    const close = bar.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    for (const entry of [
      page.getByRole('link', { name: 'Cameras' }),
      page.getByRole('link', { name: 'Events' }),
      page.getByRole('link', { name: 'Playback' }),
      page.getByRole('link', { name: 'Settings' }),
      page.getByRole('link', { name: 'Account' }),
      page.getByRole('button', { name: 'Log out' }),
    ])
      await expectOnScreen(page, entry, PHONE);
    // Focus went into the menu; Escape closes it and gives focus back to the button.
    await expect(page.getByRole('link', { name: 'Cameras' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await expect(menu).toBeFocused();

    // An entry navigates and closes the menu.
    await menu.click();
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    // The page's title is in the bar.
    await expect(bar).toContainText('Account');

    // Log out from the menu.
    await bar.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the dashboard fits: its chart labels are legible and its table is not cut off', async ({
    page,
    accounts,
    recordings,
  }) => {
    await signInAs(page, accounts.u, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('health-row').filter({ hasText: recordings.front.name })).toBeVisible();
    expect(await sideways(page)).toBe(false);
    // SVG text drawn at 11 px is shown at that size (its box about 13 px high), not shrunk with the chart (6 px
    // before).
    const chart = page.getByRole('img', { name: /events per hour/i });
    await expect(chart).toBeVisible();
    expect((await box(chart.locator('text').first())).height).toBeGreaterThanOrEqual(10);
    const table = page.getByRole('table');
    const t = await box(table);
    expect(t.x + t.width).toBeLessThanOrEqual(390);
  });
});

for (const [name, vp] of [
  ['1280 × 800', DESKTOP],
  ['390 × 844', PHONE],
] as const) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport: vp });

    test('playback shows the player and the whole timeline without scrolling', async ({
      page,
      accounts,
      recordings,
    }) => {
      const [first] = recordings.front.runs as [[number, number]];
      await signInAs(page, accounts.u, '/permission-levels');
      const pb = new PlaybackPageObject(page);
      await pb.open({ fromMs: first[0] - 60_000, toMs: first[0] + 4 * 60_000 });
      await expect(pb.bars('Front door').first()).toBeVisible();
      await expectOnScreen(page, page.getByTestId('timeline'), vp);
      await expectOnScreen(page, pb.track('Garage'), vp);
      // The player keeps a useful size: at least 180 px high.
      expect((await box(page.locator('video').first())).height).toBeGreaterThanOrEqual(180);
      expect(await sideways(page)).toBe(false);
    });

    test('the demo shows one notice strip, the banner inside it', async ({ page }) => {
      await page.goto('/demo/cameras');
      await expect(page.getByRole('heading', { name: 'Cameras' })).toBeVisible();
      const notice = page.getByTestId('demo-notice');
      await expect(notice).toContainText('Demo account');
      const banner = notice.getByRole('region', { name: /You are exploring the demo/ });
      await expect(banner.getByRole('link', { name: 'Create an account' })).toBeVisible();
      // One strip: on a desktop a single line (at most 40 px), on a phone at most two (60 px); 85 px before.
      expect((await box(notice)).height).toBeLessThanOrEqual(vp === DESKTOP ? 40 : 60);
      expect(await sideways(page)).toBe(false);
    });
  });
}
