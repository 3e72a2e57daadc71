import type { Locator, Page } from '@playwright/test';

/** Page object for a camera's settings (/cameras/:uidd/settings) and the list of /settings. */
export class CameraSettingsPage {
  readonly page: Page;
  readonly main: Locator;
  readonly name: Locator;
  readonly saveName: Locator;
  readonly cloudRecording: Locator;
  readonly mode: Locator;
  readonly resolution: Locator;
  readonly tag: Locator;
  readonly saveTags: Locator;
  readonly tags: Locator;
  readonly scheduleEntries: Locator;
  readonly addEntry: Locator;

  constructor(page: Page) {
    this.page = page;
    this.main = page.locator('[data-route-id="cameraSettings"]');
    this.name = this.main.getByLabel('Name', { exact: true });
    this.saveName = this.main.getByRole('button', { name: 'Save name' });
    this.cloudRecording = this.main.getByRole('checkbox', { name: 'Record to the cloud' });
    this.mode = this.main.getByLabel('Recording mode');
    this.resolution = this.main.getByLabel('Recording resolution');
    this.tag = this.main.getByPlaceholder('Type tag here');
    this.saveTags = this.main.getByRole('button', { name: 'Save tags' });
    this.tags = this.main.getByRole('list', { name: 'Tags' });
    this.scheduleEntries = this.main.getByRole('list', { name: 'Schedule entries' });
    this.addEntry = this.main.getByRole('button', { name: 'Add to schedule' });
  }

  heading(camera: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Settings of ${camera}` });
  }

  /** The section titled `title`: its "Saved." note and its error. */
  section(title: string) {
    const s = this.main.getByRole('region', { name: title });
    return { saved: s.getByRole('status'), error: s.getByRole('alert'), region: s };
  }

  async addScheduleEntry(day: string, time: string, action: 'on' | 'off'): Promise<void> {
    const s = this.section('Schedule').region;
    await s.getByRole('checkbox', { name: day, exact: true }).check();
    await s.getByLabel('Time').fill(time);
    await s.getByLabel('Turn').selectOption(action);
    await this.addEntry.click();
  }
}

/** /settings: the cameras with their key settings and the bulk actions. */
export class SettingsListPage {
  readonly main: Locator;
  constructor(page: Page) {
    this.main = page.locator('[data-route-id="settings"]');
  }
  camera(name: string): Locator {
    return this.main.getByRole('listitem').filter({ hasText: name });
  }
  choose(name: string): Locator {
    return this.main.getByRole('checkbox', { name: `Choose ${name}` });
  }
  bulk(on: boolean): Locator {
    return this.main.getByRole('button', { name: new RegExp(`^Cloud recording ${on ? 'on' : 'off'}`) });
  }
}
