import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../env.ts';
import { type Account, apiLogin, signInAs } from '../fixtures.ts';
import { seedEvent } from '../motion-fixtures.ts';
import { EventsPage } from '../pages/events-page.ts';
import { expect, test } from '../recordings.ts';

const shots = 'test-results/screens';

/** The first and last bytes of a whole JPEG file: FF D8 FF ... FF D9. */
function expectJpeg(file: Buffer): void {
  expect([...file.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect([...file.subarray(-2)]).toEqual([0xff, 0xd9]);
}

/** Signs in as signInAs does, with the app opened as http://localhost (the server's other name here). */
async function signInOnLocalhost(page: Page, a: Account, path: string): Promise<void> {
  const origin = `http://localhost:${E2E_PORT}`;
  const login = await apiLogin(page.request, a);
  await page.goto(`${origin}/permission-levels`);
  await page.getByRole('heading', { name: 'Permission levels' }).waitFor();
  await page.evaluate((l) => {
    localStorage.setItem('login', JSON.stringify(l));
    localStorage.setItem('lastTokenRefresh', String(Date.now()));
  }, login);
  await page.goto(`${origin}${path}`);
}

/**
 * The media preview on events whose clip really plays (the front door camera's recording): the snapshot saves the
 * frame shown as a JPEG, and a swipe on the video pages like a swipe on a picture (spec 001 §2). On a phone.
 */
test.describe('event clips in the preview, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Snapshot saves the frame shown as a JPEG; a 60 px swipe on the video moves to the next event', async ({
    page,
    accounts,
    recordings,
  }) => {
    const [first] = recordings.front.runs as [[number, number]];
    const older = seedEvent(recordings.front.uidd, { startMs: first[0] + 1000, endMs: first[0] + 2000 });
    const newer = seedEvent(recordings.front.uidd, { startMs: first[0] + 3000, endMs: first[0] + 4000 });
    await signInAs(page, accounts.u, '/events');
    const events = new EventsPage(page);
    await events.card(newer).getByRole('button').first().tap();
    const playing = () =>
      events.video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && v.currentTime > 0.3 && !v.paused);
    await expect.poll(playing).toBe(true);
    // The tap on the card's picture is no hover: its enlarged preview stays away from the dialog.
    await expect(page.getByTestId('hover-preview')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/phone-preview-video.png` });

    // A swipe across the playing clip pages, as on a picture.
    const position = Number((await events.position.textContent())?.split(' / ')[0]);
    await events.swipe(-60);
    await expect(events.position).toHaveText(new RegExp(`^${position + 1} /`));
    await expect(events.stage).toHaveAttribute('data-item', older);

    // The snapshot of the clip now shown: a JPEG of its frame.
    await expect.poll(playing).toBe(true);
    const saved = page.waitForEvent('download');
    await events.snapshot.tap();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.jpg$/);
    expectJpeg(readFileSync(await download.path()));
    await expect(events.dialog.getByRole('alert')).toHaveCount(0);
    // The snapshot's 200 ms flash has gone.
    await expect(events.dialog.getByTestId('snapshot-flash')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/phone-preview-video-next.png` });
  });

  test("Snapshot of a clip from another host (the camera's logger; its frames taint a canvas) saves a JPEG too", async ({
    page,
    accounts,
    recordings,
  }) => {
    const [first] = recordings.front.runs as [[number, number]];
    // The app at http://localhost, the clip from http://127.0.0.1: the same server under another name.
    const id = seedEvent(recordings.front.uidd, {
      startMs: first[0] + 5000,
      endMs: first[0] + 6000,
      logger: `http://127.0.0.1:${E2E_PORT}`,
    });
    await signInOnLocalhost(page, accounts.u, '/events');
    const events = new EventsPage(page);
    await events.card(id).getByRole('button').first().tap();
    await expect(events.video).toHaveAttribute(
      'src',
      new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORT}/stream/`),
    );
    await expect
      .poll(() => events.video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0.3);
    const saved = page.waitForEvent('download');
    await events.snapshot.tap();
    expectJpeg(readFileSync(await (await saved).path()));
    await expect(events.dialog.getByRole('alert')).toHaveCount(0);
  });
});
