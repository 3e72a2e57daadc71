import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the camera screens: the list/grid, a camera's tile, the single-camera page. */
export class CamerasPage {
  readonly page: Page;
  readonly grid: Locator;
  readonly tiles: Locator;

  constructor(page: Page) {
    this.page = page;
    this.grid = page.getByTestId('camera-grid');
    this.tiles = page.getByTestId('camera-tile');
  }

  /** The names of the cameras shown (grid tiles or list rows), sorted: which cameras the person sees. */
  async names(): Promise<string[]> {
    const names = await this.page
      .locator('[data-testid="camera-tile"] span[title], [data-testid="camera-row"] a')
      .allTextContents();
    return names.sort();
  }

  tile(name: string): Locator {
    return this.tiles.filter({ hasText: name });
  }

  badge(scope: Locator | Page = this.page): Locator {
    return scope.getByTestId('status-badge').first();
  }

  /** The badge saying the picture is the camera's H.265 converted to H.264 for this browser (decision 0461). */
  convertedBadge(scope: Locator | Page = this.page): Locator {
    return scope.getByTestId('converted-badge');
  }

  video(scope: Locator | Page = this.page): Locator {
    return scope.getByTestId('live-video').first();
  }

  /** The video shows frames and its clock moves: live, not a still. */
  async expectPlaying(video: Locator, seconds = 1): Promise<void> {
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(start + seconds);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  }
}
