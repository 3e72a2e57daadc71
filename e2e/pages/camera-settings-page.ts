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
  readonly saveWeek: Locator;

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
    this.saveWeek = this.main.getByRole('button', { name: 'Save the week' });
  }

  /** One hour of the recording week, e.g. ('Mon', '09:00'). */
  hour(day: string, time: string): Locator {
    return this.main.getByRole('button', { name: `${day} ${time}`, exact: true });
  }

  /** Presses on one hour and drags to another, as a person paints the week. */
  async drag(from: Locator, to: Locator): Promise<void> {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await this.page.mouse.up();
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
