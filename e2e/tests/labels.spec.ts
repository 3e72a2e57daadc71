import { type Simulator, startSimulator } from '@vigil/simulator';
import { expect, signInAs, test } from '../fixtures.ts';
import { EventsPage } from '../pages/events-page.ts';
import { InstallPage } from '../pages/install-page.ts';

/**
 * Recognition labels end to end (decisions 0555, 0556): a simulated camera shows a photograph of a person walking
 * across; with analytics on, the server's recorder detects the motion and the recogniser labels the event
 * 'person'. On an open /events page, without a reload, the event shows "Ongoing" while the person walks, then its
 * duration; the label filter lists 'person' with its count, choosing it shows that camera's events, their cards
 * carry the 'person' chip and the preview lists the labels with their confidences.
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
  // By the name on the card (its picture's alt text is missing while the picture loads).
  const hallwayCards = events.cards.filter({ hasText: 'Hallway' });
  // An event that starts while the page is open: announced at its start as ongoing (instead of "0s"), and its
  // end reaches the page (alertUpdated) some 8 s later, before the next event, without a reload.
  const ongoing = hallwayCards
    .filter({ has: page.getByTestId('event-duration').filter({ hasText: /^Ongoing$/ }) })
    .first();
  // Held above the list until asked for (decision 0768).
  await events.showNew(60_000);
  await expect(ongoing).toBeVisible({ timeout: 10_000 });
  const ongoingId = (await ongoing.getAttribute('data-event-id'))!;
  await expect(events.duration(events.card(ongoingId))).toHaveText(/^([1-9]\d*s|\d+m \d\ds)$/, {
    timeout: 30_000,
  });

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
  await expect(hallwayCards.first()).toBeVisible();
  // Only labelled events are listed: as many as the count said (more may have come since).
  expect(await events.cards.count()).toBeGreaterThanOrEqual(count);
  expect(await events.cards.count()).toBe(await hallwayCards.count());
  await page.screenshot({ path: 'test-results/screens/desktop-events-label-filter.png' });

  // Each of them shows its 'person' chip; the preview its labels with confidences, highest first.
  const card = hallwayCards.first();
  await expect(events.chips(card).filter({ hasText: /^person$/ })).toHaveCount(1);
  await expect(card.getByRole('button')).toHaveAccessibleName(/Recognised: (.+, )?person\b/);
  await card.getByRole('button').click();
  await expect(events.previewLabels.filter({ hasText: /^person \d{1,3}%$/ })).toHaveCount(1);
  const shown = await events.previewLabels.allTextContents();
  expect(shown.length).toBeLessThanOrEqual(3);
  const percents = shown.map((l) => Number(/(\d+)%$/.exec(l)?.[1]));
  expect(
    percents.every((p) => p >= 40 && p <= 100),
    shown.join(', '),
  ).toBe(true);
  expect([...percents].sort((a, b) => b - a)).toEqual(percents);
  await page.screenshot({ path: 'test-results/screens/desktop-event-preview-labels.png' });
  await page.keyboard.press('Escape');

  // Stop recording this camera for the rest of the suite.
  await page.request.get(`/deldevice?uid=${hallway.uidd}`, { headers });
});
