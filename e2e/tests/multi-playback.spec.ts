import type { Locator, Page } from '@playwright/test';
import { signInAs } from '../fixtures.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { VideoPlayerObject } from '../pages/video-player.ts';
import { expect, test } from '../recordings.ts';

/** Seconds of the day (UTC) a tile's caption shows ("Front door · 14:03:07"), NaN where it shows none. */
const captionSec = async (tile: Locator): Promise<number> => {
  const m = /(\d\d):(\d\d):(\d\d)/.exec((await tile.getByTestId('multi-tile-clock').textContent()) ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number.NaN;
};
const utcSec = (ms: number) => Math.floor((ms % 86_400_000) / 1000);

/** The two tiles show the same second (within one: they are read one after the other) at or after `fromMs`. */
async function expectTogether(tiles: Locator[], fromMs: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const [a, b] = [await captionSec(tiles[0] as Locator), await captionSec(tiles[1] as Locator)];
        return Math.abs(a - b) <= 1 && a >= utcSec(fromMs) - 2;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function openMulti(page: Page, view: { fromMs: number; toMs: number }) {
  await page.evaluate(() => localStorage.setItem('timezone', 'UTC'));
  const pb = new PlaybackPageObject(page);
  await pb.open(view);
  await page.getByRole('button', { name: 'Several cameras' }).click();
  const choose = page.getByRole('group', { name: /Cameras to play together/ });
  // The worker's account may hold cameras of other files: Front door and Back door, by name, and no other.
  for (const name of ['Front door', 'Back door']) await choose.getByRole('checkbox', { name }).check();
  for (const box of await choose.getByRole('checkbox', { checked: true }).all())
    if (
      !['Front door', 'Back door'].includes((await box.evaluate((b) => b.parentElement?.textContent)) ?? '')
    )
      await box.uncheck();
  const group = page.getByRole('region', { name: 'Cameras in sync' });
  await expect(group.getByTestId('multi-tile')).toHaveCount(2);
  return { pb, group };
}

test.describe('multi-camera playback', () => {
  test('two cameras play in sync on one timeline: seek, pause, both at the same time', async ({
    page,
    accounts,
    recordings,
  }) => {
    const [first, second] = recordings.front.runs as [[number, number], [number, number]];
    await signInAs(page, accounts.u, '/permission-levels');
    const { pb, group } = await openMulti(page, { fromMs: first[0] - 60_000, toMs: second[1] + 60_000 });
    const tiles = [group.getByTestId('multi-tile').nth(0), group.getByTestId('multi-tile').nth(1)];
    const players = tiles.map((t) => new VideoPlayerObject(page, t.locator('section[data-playing]')));

    // One timeline for both, one seek for both.
    await pb.clickAt('Front door', first[0] + 3000);
    for (const p of players) await p.expectPlaying();
    await expectTogether(tiles, first[0] + 2000);
    // Frames decode in both.
    for (const p of players) expect((await p.state()).frames).toBeGreaterThan(0);

    // Pause all; a seek into the second run moves both there, paused; play all plays both from there together.
    await page.getByRole('button', { name: 'Pause all' }).click();
    for (const p of players) await expect.poll(async () => (await p.state()).paused).toBe(true);
    await pb.clickAt('Back door', second[0] + 1000);
    await expectTogether(tiles, second[0]);
    await page.getByRole('button', { name: 'Play all' }).click();
    for (const p of players) await p.expectPlaying();
    await expectTogether(tiles, second[0]);
    await page.screenshot({ path: 'test-results/screens/playback-multi.png' });
  });
});

test.describe('multi-camera playback on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('stacks the cameras and fits the screen', async ({ page, accounts, recordings }) => {
    const [first] = recordings.front.runs as [[number, number]];
    await signInAs(page, accounts.u, '/permission-levels');
    const { group } = await openMulti(page, { fromMs: first[0] - 60_000, toMs: first[0] + 4 * 60_000 });
    const [a, b] = [
      await group.getByTestId('multi-tile').nth(0).boundingBox(),
      await group.getByTestId('multi-tile').nth(1).boundingBox(),
    ];
    expect(b?.y ?? 0).toBeGreaterThanOrEqual((a?.y ?? 0) + (a?.height ?? 0) - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
      false,
    );
    await page.screenshot({ path: 'test-results/screens/playback-multi-phone.png', fullPage: true });
  });
});
