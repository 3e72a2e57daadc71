import type { Locator, Page } from '@playwright/test';

/** Page object for /register. */
export class RegisterPage {
  readonly page: Page;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly meter: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.email = page.getByLabel(/^E-mail/);
    this.password = page.getByLabel(/^Password/);
    this.confirm = page.getByLabel(/^Confirm password/);
    this.meter = page.getByTestId('strength-meter');
    this.submit = page.getByRole('button', { name: 'Create an account' });
    this.error = page.getByRole('alert');
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
  }

  async register(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.confirm.fill(password);
    await this.submit.click();
  }
}
