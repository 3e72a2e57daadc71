import { type Simulator, startSimulator } from '../../scripts/simulator/simulator.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { EventsPage } from '../pages/events-page.ts';
import { InstallPage } from '../pages/install-page.ts';

/**
 * Recognition labels end to end (decision 0555): a simulated camera shows a photograph of a person walking
 * across; with analytics on, the server's recorder detects the motion and the recogniser labels the event
 * 'person'. On /events the label filter lists it with its count, and choosing it shows that camera's event.
 */
let sim: Simulator;

test.beforeAll(async () => {
  // Ports apart from the demo camera's, the live suite's (18800–18849) and the alerts suite's (18870–18889).
  sim = await startSimulator({
    cameras: [{ fps: 10, gopSec: 1, loopSec: 20, motion: [[4, 10]], object: 'person' }],
    portRange: [19650, 19669],
  });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('the label filter lists "person" with its count and filters the events by it', async ({
  page,
  accounts,
}) => {
  test.setTimeout(150_000);
  const login = await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Hallway');
  await expect(install.added).toContainText('Hallway was added', { timeout: 20_000 });
  const headers = { authorization: `Bearer ${login.authToken}` };
  const list = (await (await page.request.get('/cameras', { headers })).json()) as Array<{
    uidd: string;
    name: string;
  }>;
  const hallway = list.find((c) => c.name === 'Hallway')!;
  const [uid, device] = hallway.uidd.split('.');
  const put = await page.request.put(`/camera/${uid}/${device}/config/analytics`, {
    headers,
    data: { enabled: true },
  });
  expect(put.status()).toBe(200);

  const events = new EventsPage(page);
  await events.goto();
  const labels = page.getByRole('group', { name: 'Labels' });
  // The radio's name is the label and its count ('person 1').
  const person = labels.getByRole('radio', { name: /^person \d+$/ });
  // The person walks through every 20 s; each new alert refreshes the list and the label counts.
  await expect(person).toBeVisible({ timeout: 100_000 });
  const row = labels.getByRole('listitem').filter({ has: page.getByRole('radio', { name: /^person \d+$/ }) });
  await expect(row.getByTestId('badge')).toHaveText(/^[1-9]\d*$/);
  const count = Number(await row.getByTestId('badge').textContent());

  await person.check();
  await expect(person).toBeChecked();
  const hallwayCards = events.cards.filter({ has: page.getByAltText(/Hallway/) });
  await expect(hallwayCards.first()).toBeVisible();
  // Only labelled events are listed: as many as the count said (more may have come since).
  expect(await events.cards.count()).toBeGreaterThanOrEqual(count);
  expect(await events.cards.count()).toBe(await hallwayCards.count());
  await page.screenshot({ path: 'test-results/screens/desktop-events-label-filter.png' });

  // Stop recording this camera for the rest of the suite.
  await page.request.get(`/deldevice?uid=${hallway.uidd}`, { headers });
});
