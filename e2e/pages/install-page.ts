import type { Locator, Page } from '@playwright/test';

/** Page object for /install, the add-camera form. */
export class InstallPage {
  readonly page: Page;
  readonly url: Locator;
  readonly name: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly serverError: Locator;
  readonly added: Locator;
  readonly watch: Locator;
  readonly ptz: Locator;
  readonly onvifPort: Locator;

  constructor(page: Page) {
    this.page = page;
    this.url = page.getByLabel('Camera address (RTSP)');
    this.name = page.getByLabel('Camera name');
    this.submit = page.getByRole('button', { name: 'Add camera' });
    // The address field's own message (instant feedback from the shared parser).
    this.error = page.locator('[id$="-error"]');
    this.serverError = page.getByTestId('install-error');
    this.added = page.getByTestId('install-added');
    this.watch = page.getByRole('link', { name: 'Watch it live' });
    this.ptz = page.getByLabel('This camera can pan, tilt and zoom');
    this.onvifPort = page.getByLabel('ONVIF port (optional)');
  }

  async add(url: string, name: string): Promise<void> {
    await this.url.fill(url);
    await this.name.fill(name);
    await this.submit.click();
  }
}
