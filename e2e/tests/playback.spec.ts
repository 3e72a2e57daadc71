import { seriousViolations } from '../axe.ts';
import { signInAs } from '../fixtures.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { expect, test } from '../recordings.ts';

test.describe('playback timeline', () => {
  test('shows the recorded runs, plays where clicked, seeks, crosses the gap, changes speed', async ({
    page,
    accounts,
    recordings,
  }) => {
    const { front } = recordings;
    const [first, second] = front.runs as [[number, number], [number, number]];
    await signInAs(page, accounts.u, '/permission-levels');
    const pb = new PlaybackPageObject(page);
    await pb.open({ fromMs: first[0] - 60_000, toMs: second[1] + 60_000 });

    // Availability from /sessions: the outage is a gap between two bars.
    await expect(pb.bars('Front door')).toHaveCount(2);
    await expect(pb.bars('Garage')).toHaveCount(0);

    // A click plays from there.
    const at = first[0] + 2000;
    const clickedAt = Date.now();
    await pb.clickAt('Front door', at);
    await pb.player.expectPlaying();
    const head = await pb.playheadMs('Front door');
    // From the keyframe at or before the click (the camera's are 2 s apart), then playing on at 1× since: a busy
    // machine that takes seconds to show the picture moves the playhead on by as much, never back.
    expect(head).toBeGreaterThan(at - 3000);
    expect(head).toBeLessThan(at + (Date.now() - clickedAt) + 1000);
    await expect(pb.clock).toContainText('Front door');

    // A seek inside the same playlist.
    const later = second[0] + 1500;
    await pb.clickAt('Front door', later);
    await expect.poll(() => pb.playheadMs('Front door')).toBeGreaterThanOrEqual(later - 1000);
    await pb.player.expectPlaying();

    // A click in the gap plays from what was recorded next.
    const gap = first[1] + (second[0] - first[1]) / 2;
    await pb.clickAt('Front door', gap);
    await expect.poll(() => pb.playheadMs('Front door')).toBeGreaterThanOrEqual(second[0] - 500);
    await pb.player.expectPlaying();

    // The track's keys (a slider's): Home goes to the start of the view, before the recording, so it plays from the
    // first recorded instant.
    await pb.track('Front door').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => pb.playheadMs('Front door')).toBeGreaterThanOrEqual(first[0] - 1000);
    expect(await pb.playheadMs('Front door')).toBeLessThan(first[0] + 10_000);
    await pb.player.expectPlaying();

    // Playing across the gap: from the end of the first run straight into the second.
    await pb.clickAt('Front door', first[1] - 1500);
    await expect.poll(() => pb.playheadMs('Front door'), { timeout: 15_000 }).toBeGreaterThan(second[0]);

    // Speed 4x.
    await pb.speed.selectOption('4');
    expect((await pb.player.state()).rate).toBe(4);

    // Scrubbing shows a picture of that instant.
    await pb.hoverAt('Front door', first[0] + 3000);
    await expect(pb.preview.locator('img')).toBeVisible();
    await expect
      .poll(() => pb.preview.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);

    // Playback time and the visible range are kept for next time.
    const kept = await page.evaluate(() => [
      localStorage.getItem('playbackTime'),
      localStorage.getItem('playbackRange'),
    ]);
    expect(Number(kept[0])).toBeGreaterThan(first[0]);
    expect(JSON.parse(kept[1] ?? '{}').toMs).toBeGreaterThan(second[0]);
    await page.screenshot({ path: 'test-results/screens/playback.png' });
  });
});

test.describe('playback on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('fits the screen', async ({ page, accounts, recordings }) => {
    const [first] = recordings.front.runs as [[number, number]];
    await signInAs(page, accounts.u, '/permission-levels');
    const pb = new PlaybackPageObject(page);
    await pb.open({ fromMs: first[0] - 60_000, toMs: first[0] + 4 * 60_000 });
    await expect(pb.bars('Front door').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
      false,
    );
    await page.screenshot({ path: 'test-results/screens/playback-phone.png', fullPage: true });
  });
});

test.describe('playback days', () => {
  test('are picked from the keyboard in the calendar grid (decision 0887)', async ({ page, accounts }) => {
    await signInAs(page, accounts.u, '/permission-levels');
    const pb = new PlaybackPageObject(page);
    await pb.open();
    const days = page.getByRole('button', { name: /^Days:/ });
    const today = ((await days.textContent()) ?? '').replace(/^Days:\s*/, '');
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const named = (day: string) =>
      new Intl.DateTimeFormat('en', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.parse(`${day}T00:00:00Z`));
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

    await days.click();
    const grid = page.getByRole('dialog', { name: 'Days' }).getByRole('grid');
    await expect(grid).toBeVisible();
    // Focus goes to the range's start, named in full for a screen reader.
    await expect.poll(focusedName).toBe(`${named(today)} (selected)`);
    expect(['calendar', await seriousViolations(page)]).toEqual(['calendar', []]);
    // Days after today cannot be picked: the arrow stays on today.
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedName).toBe(`${named(today)} (selected)`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedName).toBe(named(yesterday));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Choose the last day')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedName).toBe(named(today));
    await page.keyboard.press('Space');
    await expect(grid).toBeHidden();
    await expect(days).toHaveText(new RegExp(`${yesterday} – ${today}$`));
    await expect(days).toBeFocused();

    // Escape closes it without a change, and focus goes back to the button.
    await days.click();
    await expect(grid).toBeVisible();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('Escape');
    await expect(grid).toBeHidden();
    await expect(days).toHaveText(new RegExp(`${yesterday} – ${today}$`));
    await expect(days).toBeFocused();
  });
});
