import type { Locator, Page } from '@playwright/test';

/** The sign-in form of the tests' OpenID Provider (apps/server/src/features/sso/testing.ts). */
export class TestIdpSignIn {
  readonly account: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    this.account = page.getByLabel('Account');
    this.submit = page.getByRole('button', { name: 'Sign in' });
  }

  async signInAs(sub: string): Promise<void> {
    await this.account.fill(sub);
    await this.submit.click();
  }
}

/** The single sign-on screens of the web app (/sso/:provider/end and the sign-in page's provider buttons). */
export class SsoScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  continueWith(provider: string): Locator {
    return this.page.getByRole('link', { name: `Continue with ${provider}` });
  }

  get noLinkedAccount(): Locator {
    return this.page
      .getByRole('alert')
      .filter({ hasText: 'No account is linked to this single sign-on account.' });
  }

  linkWith(provider: string): Locator {
    return this.page.getByRole('link', { name: `Link ${provider}` });
  }

  get linked(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'is now linked to your account' });
  }

  createAccountAs(email: string): Locator {
    return this.page.getByRole('button', { name: `Create an account as ${email}` });
  }
}
