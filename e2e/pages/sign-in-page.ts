import type { Locator, Page } from '@playwright/test';

/** Page object for /sign-in: tests speak in user actions, not selectors. */
export class SignInPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly tryDemo: Locator;
  readonly keepSignedIn: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: /^Sign in to / });
    this.email = page.getByLabel(/^E-mail/);
    this.password = page.getByLabel(/^Password/);
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.error = page.getByRole('alert');
    this.tryDemo = page.getByRole('link', { name: 'Try the demo' });
    this.keepSignedIn = page.getByRole('checkbox', { name: 'Keep me signed in' });
  }

  async open(): Promise<void> {
    await this.page.goto('/sign-in');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
