import type { CDPSession, Page } from '@playwright/test';
import { type Account, signInAs } from '../fixtures.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { expect, test } from '../recordings.ts';

const MIN = 60_000;

/** Two fingers on the page through the browser's own touch input (CDP): page.touchscreen only taps. */
async function pinch(
  cdp: CDPSession,
  y: number,
  from: readonly [number, number],
  to: readonly [number, number],
): Promise<void> {
  const points = (a: number, b: number) => [
    { x: a, y, id: 0 },
    { x: b, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from[0], from[1]) });
  for (let i = 1; i <= 5; i++) {
    const f = i / 5;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: points(from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The visible part of the clock, as the track tells a screen reader: [min, max] epoch ms. */
async function windowOf(pb: PlaybackPageObject, camera: string): Promise<[number, number]> {
  const track = pb.track(camera);
  return [
    Number(await track.getAttribute('aria-valuemin')),
    Number(await track.getAttribute('aria-valuemax')),
  ];
}

async function openHour(page: Page, accounts: { u: Account }, atMs: number) {
  await signInAs(page, accounts.u, '/permission-levels');
  const pb = new PlaybackPageObject(page);
  await pb.open({ fromMs: atMs - 30 * MIN, toMs: atMs + 30 * MIN });
  await expect(pb.bars('Front door').first()).toBeVisible();
  return pb;
}

test.describe('the timeline on a touch phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('two fingers spread to twice their distance halve the visible time; pinched, it doubles', async ({
    page,
    accounts,
    recordings,
  }) => {
    // The player opens a recording first: on a loaded machine that alone may take tens of seconds.
    test.setTimeout(90_000);
    const [first] = recordings.front.runs as [[number, number]];
    const pb = await openHour(page, accounts, first[0]);
    const [a, b] = await windowOf(pb, 'Front door');
    expect(b - a).toBe(60 * MIN);
    const box = (await pb.track('Front door').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // The screen opens the recording on its own: wait for its playhead to settle in the first run, so that start
    // is not taken for a press.
    await expect
      .poll(
        async () => {
          const at = await pb.playheadMs('Front door');
          return at >= first[0] && at <= first[1];
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const playhead = await pb.playheadMs('Front door');
    const cdp = await page.context().newCDPSession(page);
    // 80 px apart to 160 px apart: the hour becomes half an hour.
    await pinch(cdp, cy, [cx - 40, cx + 40], [cx - 80, cx + 80]);
    await expect.poll(async () => (await windowOf(pb, 'Front door')).reduce((x, y) => y - x)).toBe(30 * MIN);
    // 160 px apart back to 80: the hour again.
    await pinch(cdp, cy, [cx - 80, cx + 80], [cx - 40, cx + 40]);
    await expect.poll(async () => (await windowOf(pb, 'Front door')).reduce((x, y) => y - x)).toBe(60 * MIN);
    // No finger's lift was a press: the playhead did not jump to the fingers (a minute away or more), it only ran on.
    expect(Math.abs((await pb.playheadMs('Front door')) - playhead)).toBeLessThan(10_000);
  });
});
