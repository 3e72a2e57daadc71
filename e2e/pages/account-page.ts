import type { Locator, Page } from '@playwright/test';

/** Page object for /account (English labels; the language test reads the French heading itself). */
export class AccountPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly preferences: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly sessions: Locator;
  readonly organisations: Locator;
  readonly supportAccess: Locator;
  readonly activity: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Account' });
    this.preferences = page.getByRole('region', { name: 'Language and time zone' });
    this.email = page.getByRole('region', { name: 'E-mail address' });
    this.password = page.getByRole('region', { name: 'Password' });
    this.sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    this.organisations = page.getByRole('list', { name: 'Organisations' }).getByRole('listitem');
    this.supportAccess = page.getByRole('region', { name: 'Support access' });
    this.activity = page.getByRole('list', { name: 'Recent activity on your account' }).getByRole('listitem');
  }

  open(): Promise<unknown> {
    return this.page.goto('/account');
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.password.getByLabel(/^Current password/).fill(current);
    await this.password.getByLabel(/^New password/).fill(next);
    await this.password.getByLabel(/^Confirm password/).fill(next);
    await this.password.getByRole('button', { name: 'Change the password' }).click();
  }

  async changeEmail(newEmail: string, password: string): Promise<void> {
    await this.email.getByLabel(/^New e-mail address/).fill(newEmail);
    await this.email.getByLabel(/^Current password/).fill(password);
    await this.email.getByRole('button', { name: 'Change the address' }).click();
  }

  /** Gives support access for the duration chosen by its label ('1 hour', '24 hours', '7 days'). */
  async giveSupportAccess(duration: string): Promise<void> {
    await this.supportAccess.getByLabel('For how long').selectOption({ label: duration });
    await this.supportAccess.getByRole('button', { name: /^Give access/ }).click();
  }

  /** Ends the first session that is not this device's. */
  endOtherSession(): Promise<void> {
    return this.sessions
      .filter({ hasNot: this.page.getByText('This device') })
      .first()
      .getByRole('button', { name: /^End the session of/ })
      .click();
  }
}
