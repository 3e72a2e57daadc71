import { freshAccount, insertCameras } from '../accounts-data.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { seedEvents } from '../motion-fixtures.ts';
import { seedViolation } from '../ppe-fixtures.ts';

/**
 * The PPE screen on a phone (390 × 844), decision 0871: a camera's PPE check switched on through the API (its
 * camera-settings right) makes the account's `ppeCameras` true and opens /ppe; the violations show per zone with
 * counts, then one by one with the event's still and a link to the recording; the kind filter narrows the list;
 * the switch in another camera's settings is kept.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('PPE: counts per zone, the list with stills and recordings, the kind filter', async ({ page }) => {
  const owner = await freshAccount(page.request, 'ppe');
  const [site, yard] = insertCameras(owner.uid, ['Site', 'Yard']) as [string, string];
  const login = await apiLogin(page.request, owner);
  const auth = { authorization: `Bearer ${login.authToken}` };
  const zone = await page.request.post('/analytics/areas', {
    headers: auth,
    data: {
      uidd: site,
      area: {
        name: 'Scaffold',
        kind: 'zone',
        points: [
          [0.2, 0.5],
          [0.8, 0.5],
          [0.8, 1],
          [0.2, 1],
        ],
      },
    },
  });
  expect(zone.ok()).toBe(true);
  const scaffold = ((await zone.json()) as { areas: { id: string; name: string }[] }).areas[0]!;
  const on = await page.request.put(`/camera/${site.replace('.', '/')}/config/ppe`, {
    headers: auth,
    data: { enabled: true, zones: [scaffold.id] },
  });
  expect(await on.json()).toEqual({ uidd: site, ppeEnabled: true, zones: [scaffold.id] });

  const hour = 3_600_000;
  const now = Date.now();
  const [e1, e2] = seedEvents(site, 2, now - hour);
  seedViolation(site, { eventId: e1!, atMs: now - 2 * hour, zone: scaffold, missing: ['helmet'] });
  seedViolation(site, { eventId: e2!, atMs: now - hour, zone: scaffold, missing: ['helmet', 'vest'] });
  seedViolation(yard, { eventId: e2!, atMs: now - hour, zone: null, missing: ['vest'] });

  await signInAs(page, owner, '/ppe');
  await expect(page.getByRole('heading', { level: 1, name: 'Safety gear' })).toBeVisible();
  const zones = page.getByRole('table', { name: 'Violations per safety zone' });
  await expect(zones.getByRole('row')).toHaveText([
    'Safety zoneCameraHard hatHigh-visibility vestIn all',
    'ScaffoldSite212',
  ]);
  const list = page.getByRole('table', { name: 'Violations, newest first' });
  const rows = list.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Hard hat, High-visibility vest');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Hard hat');
  // The event's still, fetched with the session's token.
  await expect(rows.nth(0).getByRole('img', { name: /^Still of Site at / })).toBeVisible();
  await expect(rows.nth(0).getByRole('link', { name: 'Recording' })).toHaveAttribute(
    'href',
    `/playback?camera=${encodeURIComponent(site)}&at=${now - hour}`,
  );

  await page.getByLabel('Missing').selectOption('vest');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Hard hat, High-visibility vest');

  // The switch in a camera's settings (analytics section): saved at once, kept over a reload.
  await page.goto(`/cameras/${yard}/settings`);
  const box = page.getByRole('checkbox', { name: /^Check safety gear/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Check safety gear/ })).toBeChecked();
});
