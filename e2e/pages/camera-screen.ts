import type { Locator, Page } from '@playwright/test';

/** Page object for one camera's page (/cameras/:uidd): its video and the actions offered on it. */
export class CameraScreen {
  readonly page: Page;
  readonly main: Locator;
  readonly heading: Locator;
  readonly notFound: Locator;
  readonly video: Locator;
  readonly recordings: Locator;
  readonly events: Locator;
  readonly uninstall: Locator;
  readonly remove: Locator;
  readonly noLive: Locator;

  constructor(page: Page, name: string) {
    this.page = page;
    this.main = page.locator('[data-route-id="camera"]');
    this.heading = page.getByRole('heading', { level: 1, name });
    this.notFound = page.getByText('This camera does not exist or you cannot see it.');
    this.video = this.main.getByTestId('live-video');
    this.recordings = this.main.getByRole('link', { name: 'Recordings' });
    this.events = this.main.getByRole('link', { name: 'Events', exact: true });
    this.uninstall = this.main.getByRole('button', { name: 'Uninstall' });
    this.remove = this.main.getByRole('button', { name: 'Delete camera' });
    this.noLive = this.main.getByText('Your access to this camera does not include live video.');
  }

  settings(name: string): Locator {
    return this.main.getByRole('button', { name: `Motion settings of ${name}` });
  }
}
