import { expect, signInAs, test } from '../fixtures.ts';
import { seedCamera } from '../motion-fixtures.ts';
import { seedLineCounts } from '../people-fixtures.ts';

/**
 * /people on a phone (390 × 844), decision 0794: a camera's people per count line over a day and per hour, in
 * tables with captions and header cells, from counts seeded at known hours of today; another camera and another
 * day show none; nothing overflows the phone's width.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('people per count line over the day and per hour, by camera and day', async ({ page, accounts }) => {
  const login = await signInAs(page, accounts.u, '/permission-levels');
  const suffix = Date.now().toString(36);
  const shop = seedCamera(login.uid, `Shop ${suffix}`);
  seedCamera(login.uid, `Stock room ${suffix}`);
  const at = (h: number) => new Date(new Date().setHours(h, 0, 0, 0)).getTime();
  seedLineCounts(shop, 'Front door', [
    { hourStart: at(9), direction: 'in', count: 3 },
    { hourStart: at(9), direction: 'out', count: 1 },
    { hourStart: at(10), direction: 'out', count: 2 },
    // Cars crossing the same line are not people.
    { hourStart: at(10), direction: 'in', count: 7, objectClass: 'car' },
  ]);
  seedLineCounts(shop, 'Back door', [{ hourStart: at(10), direction: 'in', count: 4 }]);

  await page.goto('/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByLabel('Camera').selectOption({ label: `Shop ${suffix}` });
  const totals = page.getByRole('table', { name: 'People per count line over the day' });
  const rows = (table: typeof totals) =>
    table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim())),
      );
  await expect
    .poll(() => rows(totals))
    .toEqual([
      ['Back door', '4', '0'],
      ['Front door', '3', '3'],
    ]);
  const hourly = page.getByRole('table', { name: 'People per hour and count line' });
  const hours = await rows(hourly);
  expect(hours.map((r) => r.slice(1))).toEqual([
    ['Front door', '3', '1'],
    ['Back door', '4', '0'],
    ['Front door', '0', '2'],
  ]);
  await expect(hourly.getByRole('columnheader')).toHaveText(['Hour', 'Count line', 'In', 'Out']);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await page.getByLabel('Camera').selectOption({ label: `Stock room ${suffix}` });
  await expect(page.getByText('Nobody crossed a count line of this camera on this day.')).toBeVisible();
  await page.getByLabel('Camera').selectOption({ label: `Shop ${suffix}` });
  await expect(totals).toBeVisible();
  await page.getByLabel('Day').fill('2020-01-01');
  await expect(page.getByText('Nobody crossed a count line of this camera on this day.')).toBeVisible();
});
