import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the video player of spec 001 §4. */
export class VideoPlayerObject {
  readonly root: Locator;
  readonly video: Locator;
  readonly playButton: Locator;
  readonly pauseButton: Locator;
  readonly muteButton: Locator;
  readonly seek: Locator;
  readonly snapshotButton: Locator;
  readonly flash: Locator;
  readonly fisheyeButton: Locator;

  constructor(page: Page, root: Locator = page.locator('section[data-playing]').first()) {
    this.root = root;
    this.video = root.locator('video');
    this.playButton = root.getByRole('button', { name: 'Play', exact: true });
    this.pauseButton = root.getByRole('button', { name: 'Pause', exact: true });
    this.muteButton = root.getByRole('button', { name: /^(Mute|Unmute)$/ });
    this.seek = root.getByRole('slider', { name: 'Seek' });
    this.snapshotButton = root.getByRole('button', { name: 'Snapshot' });
    this.flash = root.getByTestId('snapshot-flash');
    this.fisheyeButton = root.getByRole('button', { name: 'Fisheye' });
  }

  state(): Promise<{
    time: number;
    paused: boolean;
    ended: boolean;
    duration: number;
    rate: number;
    frames: number;
  }> {
    return this.video.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      paused: v.paused,
      ended: v.ended,
      duration: v.duration,
      rate: v.playbackRate,
      frames: v.getVideoPlaybackQuality?.().totalVideoFrames ?? 0,
    }));
  }

  /** Playing: not paused, and the picture moves. */
  async expectPlaying(): Promise<void> {
    const before = (await this.state()).time;
    await expect
      .poll(async () => (await this.state()).time, { timeout: 15_000 })
      .toBeGreaterThan(before + 0.3);
    expect((await this.state()).paused).toBe(false);
  }
}
