import type { Locator, Page } from '@playwright/test';

/** Page object for /manage-plan/additional-users and its invite and edit forms. */
export class MembersPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly inviteLink: Locator;
  readonly empty: Locator;
  readonly status: Locator;
  readonly list: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Additional users' });
    this.inviteLink = page.getByRole('link', { name: 'Invite a user' });
    this.empty = page.getByText('Nobody else has access to this account yet.');
    this.status = page.getByRole('status');
    this.list = page.getByRole('list', { name: 'Additional users' });
    this.dialog = page.getByRole('dialog');
  }

  open(): Promise<unknown> {
    return this.page.goto('/manage-plan/additional-users');
  }

  /** The card of one member, found by their e-mail. */
  card(email: string): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: email }) });
  }

  edit(email: string): Promise<void> {
    return this.page.getByRole('link', { name: `Edit ${email}` }).click();
  }

  async remove(email: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${email}` }).click();
    await this.dialog.getByRole('button', { name: 'Remove' }).click();
  }
}

/** The invite / edit form of an additional user. */
export class MemberForm {
  readonly page: Page;
  readonly email: Locator;
  readonly alias: Locator;
  readonly level: Locator;
  readonly allCameras: Locator;
  readonly selectedCameras: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.email = page.getByLabel(/^E-mail/);
    this.alias = page.getByLabel(/^Name shown for this user/);
    this.level = page.getByLabel(/^Level/);
    this.allCameras = page.getByRole('radio', { name: /^All cameras of the account/ });
    this.selectedCameras = page.getByRole('radio', { name: 'Only the cameras I choose' });
    this.error = page.getByRole('alert');
  }

  async fill(v: {
    email?: string;
    alias?: string;
    level?: string;
    cameras?: readonly string[];
  }): Promise<void> {
    if (v.email !== undefined) await this.email.fill(v.email);
    if (v.alias !== undefined) await this.alias.fill(v.alias);
    if (v.level !== undefined) await this.level.selectOption({ label: v.level });
    if (v.cameras) {
      await this.selectedCameras.check();
      for (const name of v.cameras) await this.page.getByRole('checkbox', { name }).check();
    }
  }

  submit(label: 'Send the invitation' | 'Save'): Promise<void> {
    return this.page.getByRole('button', { name: label }).click();
  }
}
