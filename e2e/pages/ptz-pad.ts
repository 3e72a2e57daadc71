import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the PTZ pad of the single-camera page. */
export class PtzPad {
  readonly group: Locator;
  readonly moving: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.group = page.getByRole('group', { name: 'Pan, tilt and zoom' });
    this.moving = this.group.getByRole('status');
    this.error = this.group.getByTestId('ptz-error');
  }

  button(name: 'Up' | 'Down' | 'Left' | 'Right' | 'Home' | 'Zoom in' | 'Zoom out'): Locator {
    return this.group.getByRole('button', { name, exact: true });
  }

  /** No move in flight: the pad's status line is empty again. */
  async idle(): Promise<void> {
    await expect(this.moving).toHaveText('');
  }
}
