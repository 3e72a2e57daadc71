import { expect, signInAs, test } from '../fixtures.ts';
import { seedCamera } from '../motion-fixtures.ts';

/**
 * Plate watch-lists on the vehicles screen, on a phone (390 × 844), decision 0796: a plate typed as people write
 * it goes on the deny list normalised with its note, a text that is not a plate is refused with the server's
 * reason tied to the field, the plate comes off again; kept over a reload.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('deny and allow lists: add, refuse, keep, remove', async ({ page, accounts }) => {
  const login = await signInAs(page, accounts.u, '/permission-levels');
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  seedCamera(login.uid, `Gate ${run}`);
  // Plates of this run (the worker's account keeps its lists between files).
  const banned = `K9${run}`;
  const ours = `A8${run}`;
  const item = (region: typeof deny, plate: string) =>
    region.getByRole('listitem').filter({ hasText: plate });
  await page.goto('/vehicles');
  // The section, apart from the plate log's own search form.
  const w = page.locator('details').filter({ has: page.getByText('Plate watch-lists') });
  await page.getByText('Plate watch-lists').click();
  const deny = w.getByRole('region', { name: 'Deny list' });
  const allow = w.getByRole('region', { name: 'Allow list' });

  await w.getByRole('combobox', { name: 'List', exact: true }).selectOption('deny');
  await w.getByLabel('Plate', { exact: true }).fill(`${banned.slice(0, 3).toLowerCase()} ${banned.slice(3)}`);
  await w.getByLabel('Note').fill('Stolen van');
  await w.getByRole('button', { name: 'Add plate' }).click();
  await expect(item(deny, banned)).toHaveText(`${banned}Stolen vanRemove`);
  await expect(w.getByLabel('Plate', { exact: true })).toHaveValue('');
  await expect(w.getByLabel('Note')).toHaveValue('');

  await w.getByRole('combobox', { name: 'List', exact: true }).selectOption('allow');
  await w.getByLabel('Plate', { exact: true }).fill('HELLO');
  await w.getByRole('button', { name: 'Add plate' }).click();
  await expect(w.getByRole('alert')).toContainText('A plate has 4 to 8 letters and digits');
  await expect(w.getByLabel('Plate', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await w.getByLabel('Plate', { exact: true }).fill(ours);
  await w.getByRole('button', { name: 'Add plate' }).click();
  await expect(item(allow, ours)).toHaveText(`${ours}Remove`);

  await page.reload();
  await page.getByText('Plate watch-lists').click();
  await expect(item(deny, banned)).toHaveText(`${banned}Stolen vanRemove`);
  await w.getByRole('button', { name: `Remove ${banned} from the Deny list` }).click();
  await expect(item(deny, banned)).toHaveCount(0);
  await w.getByRole('button', { name: `Remove ${ours} from the Allow list` }).click();
  await expect(item(allow, ours)).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
