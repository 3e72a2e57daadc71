import type { Locator, Page } from '@playwright/test';

/** Page object for /camera-groups and its group form. */
export class CameraGroupsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly newGroup: Locator;
  readonly list: Locator;
  readonly status: Locator;
  readonly empty: Locator;
  // The form
  readonly name: Locator;
  readonly create: Locator;
  readonly save: Locator;
  readonly delete: Locator;
  readonly error: Locator;
  readonly filter: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Camera groups' });
    this.newGroup = page.getByRole('link', { name: 'New group' });
    this.list = page.getByRole('list', { name: 'Camera groups' });
    this.status = page.getByRole('status');
    this.empty = page.getByText('No groups yet.');
    this.name = page.getByLabel(/^Name/);
    this.create = page.getByRole('button', { name: 'Create the group' });
    this.save = page.getByRole('button', { name: 'Save' });
    this.delete = page.getByRole('button', { name: 'Delete the group' });
    this.error = page.getByRole('alert');
    this.filter = page.getByLabel('Show', { exact: true });
    this.dialog = page.getByRole('dialog');
  }

  /** The group names as listed, in order. */
  async names(): Promise<string[]> {
    return (await this.list.getByRole('link').allInnerTexts()).map((t) => t.split('\n')[0]?.trim() ?? '');
  }

  open(name: string): Promise<void> {
    return this.list.getByRole('link', { name: new RegExp(`^${name}\\b`) }).click();
  }

  camera(name: string): Locator {
    return this.page.getByRole('checkbox', { name });
  }

  /** Fills the form: a name and the cameras to tick. */
  async fill(name: string, cameras: readonly string[] = []): Promise<void> {
    await this.name.fill(name);
    for (const c of cameras) await this.camera(c).check();
  }
}
