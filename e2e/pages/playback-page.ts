import { expect, type Locator, type Page } from '@playwright/test';
import { VideoPlayerObject } from './video-player.ts';

/** Page object for /playback: toolbar, player, timeline. */
export class PlaybackPageObject {
  readonly page: Page;
  readonly heading: Locator;
  readonly player: VideoPlayerObject;
  readonly clock: Locator;
  readonly speed: Locator;
  readonly preview: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Playback' });
    this.player = new VideoPlayerObject(page);
    this.clock = page.getByTestId('playback-clock');
    this.speed = page.getByLabel('Speed');
    this.preview = page.getByTestId('scrub-preview');
  }

  /** Opens the screen with this part of the clock visible (the stored range, as a returning user has it). */
  async open(view?: { fromMs: number; toMs: number }): Promise<void> {
    if (view) await this.page.evaluate((v) => localStorage.setItem('playbackRange', JSON.stringify(v)), view);
    await this.page.goto('/playback');
    // The first open of the screen loads its chunk and the session check on a busy machine: allow for it.
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
  }

  track(camera: string): Locator {
    return this.page.getByRole('slider', { name: `Timeline of ${camera}` });
  }

  bars(camera: string): Locator {
    return this.track(camera).getByTestId('session-bar');
  }

  /** Where an instant is on a camera's track, in page coordinates. */
  async pointAt(camera: string, ms: number): Promise<{ x: number; y: number }> {
    const track = this.track(camera);
    const min = Number(await track.getAttribute('aria-valuemin'));
    const max = Number(await track.getAttribute('aria-valuemax'));
    const box = await track.boundingBox();
    if (!box) throw new Error('the timeline is not visible');
    return { x: box.x + ((ms - min) / (max - min)) * box.width, y: box.y + box.height / 2 };
  }

  async clickAt(camera: string, ms: number): Promise<void> {
    const p = await this.pointAt(camera, ms);
    await this.page.mouse.click(p.x, p.y);
  }

  async hoverAt(camera: string, ms: number): Promise<void> {
    const p = await this.pointAt(camera, ms);
    await this.page.mouse.move(p.x, p.y);
  }

  /** The playhead, epoch ms (the selected camera's track says it). */
  async playheadMs(camera: string): Promise<number> {
    return Number(await this.track(camera).getAttribute('aria-valuenow'));
  }
}
