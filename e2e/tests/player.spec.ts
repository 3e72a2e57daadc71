import { apiLogin } from '../fixtures.ts';
import { VideoPlayerObject } from '../pages/video-player.ts';
import { expect, test } from '../recordings.ts';

test.describe('video player', () => {
  test('plays a shared clip with the behaviours of spec 001 §4', async ({ page, accounts, recordings }) => {
    const [run] = recordings.front.runs as [[number, number]];
    const login = await apiLogin(page.request, accounts.u);
    const res = await page.request.post('/jwt/sign', {
      headers: { authorization: `Bearer ${login.authToken}` },
      data: {
        type: 'video',
        access: 'public',
        uidd: recordings.front.uidd,
        startSec: Math.ceil(run[0] / 1000),
        endSec: Math.ceil(run[0] / 1000) + 3,
        validSeconds: 3600,
      },
    });
    const { token } = (await res.json()) as { token: string };
    await page.goto(`/shared/${token}`);
    const player = new VideoPlayerObject(page);

    // Autoplay on the first ready; the audio button works once the duration is known and the clip has sound.
    await player.expectPlaying();
    await expect(player.muteButton).toBeEnabled();
    await player.muteButton.click();
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();

    // The end pauses; play at the end restarts from 0.
    await expect.poll(async () => (await player.state()).ended, { timeout: 15_000 }).toBe(true);
    await expect(player.playButton).toBeVisible();
    await player.playButton.click();
    await expect.poll(async () => (await player.state()).time).toBeLessThan(2);
    await player.expectPlaying();

    // Controls fade while playing unless hovered or focused; they come back on hover.
    await page.mouse.move(0, 0);
    await page.locator('h1').click();
    await expect(player.root).toHaveAttribute('data-controls', 'hidden');
    await player.video.hover();
    await expect(player.root).toHaveAttribute('data-controls', 'shown');

    // Dragging the scrubber pauses.
    const box = await player.seek.boundingBox();
    if (!box) throw new Error('no scrubber');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(async () => (await player.state()).paused).toBe(true);
    await page.mouse.up();

    // Keyboard: space plays and pauses.
    await player.root.focus();
    await page.keyboard.press(' ');
    await player.expectPlaying();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await player.state()).paused).toBe(true);

    // A snapshot flashes and saves the picture.
    const download = page.waitForEvent('download');
    // The flash lasts 200 ms: a loaded machine can miss it between two polls, so the page notes its coming.
    await page.evaluate(() => {
      const seen = window as unknown as { flashSeen: boolean };
      seen.flashSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="snapshot-flash"]')) seen.flashSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await player.snapshotButton.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { flashSeen: boolean }).flashSeen))
      .toBe(true);
    await expect(player.flash).toBeHidden();
    expect((await download).suggestedFilename()).toMatch(/\.jpg$/);

    // Fisheye flattening: single, quad or triple; field of view 50 to 110, starting at 95.
    await player.fisheyeButton.click();
    const fov = page.getByRole('slider', { name: 'Field of view' });
    await expect(fov).toHaveValue('95');
    await expect(fov).toHaveAttribute('min', '50');
    await expect(fov).toHaveAttribute('max', '110');
    await page.getByLabel('Fisheye view').selectOption('quad');
    await expect(page.getByLabel('Flattened fisheye picture')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/player-fisheye.png' });
  });
});
