import { freshAccount, insertCameras } from '../accounts-data.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { AnalyticsAreasSection } from '../pages/analytics-areas-page.ts';

/**
 * Analytics areas and alert rules on a phone (spec 001 §7, decision 0704): a zone drawn by touch, a count line by
 * keyboard only, a rule on each; an area a rule uses cannot go (the server's words); all kept over a reload.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('draws a zone by touch and a line by keyboard, adds rules on them, and keeps them', async ({ page }) => {
  const owner = await freshAccount(page.request, 'areas');
  const [cam] = insertCameras(owner.uid, ['Yard']);
  await signInAs(page, owner, `/cameras/${cam}/settings`);
  const s = new AnalyticsAreasSection(page);
  await expect(s.areas).toContainText('No areas yet.');

  // A zone by touch: four taps on the picture.
  await s.button('Add zone').click();
  await s.editor.getByLabel('Zone name').fill('Drive');
  for (const [x, y] of [
    [0.1, 0.5],
    [0.6, 0.5],
    [0.6, 0.9],
    [0.1, 0.9],
  ] as const)
    await s.tap(x, y);
  await expect(s.nodes).toHaveCount(4);
  await s.button('Save area').click();
  await expect(s.areas).toContainText('Drive: zone, 4 corners');

  // A count line by keyboard only: two nodes from "Add node", the second moved down 10 % and right 2 %.
  await s.button('Add count line').focus();
  await page.keyboard.press('Enter');
  await s.editor.getByLabel('Line name').fill('Gate');
  await s.button('Add node').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(s.button('Save area')).toBeEnabled();
  await s.node(2).focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(s.node(2)).toHaveAccessibleName('Node 2 at 72 % across, 60 % down');
  await s.button('Save area').focus();
  await page.keyboard.press('Enter');
  await expect(s.areas).toContainText('Gate: count line, 2 nodes');

  await s.addRule('Person on the drive', 'Drive', 'Person');
  await expect(s.rules).toContainText('Person on the drive: Person in Drive');
  await s.addRule('Cars out', 'Gate', 'Car', 'out');
  await expect(s.rules).toContainText('Cars out: Car crossing Gate (out)');

  // The zone is in use: the server says which rule holds it, and it stays.
  await s.button('Delete Drive').click();
  await expect(s.region.getByRole('alert')).toHaveText(
    '"Drive" is used by the rule "Person on the drive": delete or change the rule first',
  );
  await s.button('Person on the drive on').click();
  await expect(s.button('Person on the drive on')).toHaveAttribute('aria-pressed', 'false');
  // A plate rule on the zone (decision 0796): only vehicles whose plates are read may be chosen.
  await s.newRule.getByLabel('Area').selectOption({ label: 'Drive' });
  await s.newRule.getByLabel('Alert when').selectOption({ label: 'Its plate is on the deny list' });
  await expect(s.newRule.getByLabel('Object').locator('option')).toHaveText([
    'Car',
    'Truck',
    'Bus',
    'Motorcycle',
  ]);
  await s.addRule('Banned cars', 'Drive', 'Truck', undefined, 'Its plate is on the deny list');
  await expect(s.rules).toContainText('Banned cars: Truck in Drive with a plate on the deny list');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.reload();
  await expect(s.areas).toContainText('Drive: zone, 4 corners');
  await expect(s.areas).toContainText('Gate: count line, 2 nodes');
  await expect(s.button('Person on the drive on')).toHaveText('Off');
  await expect(s.rules).toContainText('Cars out: Car crossing Gate (out)');
  await expect(s.rules).toContainText('Banned cars: Truck in Drive with a plate on the deny list');
  // Reopened, the zone shows its corners where they were tapped.
  await s.button('Edit Drive').click();
  await expect(s.node(1)).toHaveAccessibleName('Node 1 at 10 % across, 50 % down');
  // The smallest phone: still nothing wider than the screen, editor open.
  await page.setViewportSize({ width: 360, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
