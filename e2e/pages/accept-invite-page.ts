import type { Locator, Page } from '@playwright/test';

/** Page object for /acceptinvite. */
export class AcceptInvitePage {
  readonly page: Page;
  readonly heading: Locator;
  readonly signInToAccept: Locator;
  readonly register: Locator;
  readonly accept: Locator;
  readonly status: Locator;
  readonly error: Locator;
  readonly toOrganisations: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Accept invitation' });
    this.signInToAccept = page.getByRole('link', { name: 'Sign in to accept' });
    this.register = page.getByRole('link', { name: 'Create an account with this address' });
    this.accept = page.getByRole('button', { name: 'Accept the invitation' });
    this.status = page.getByRole('status');
    this.error = page.getByRole('alert');
    this.toOrganisations = page.getByRole('link', { name: 'See my organisations' });
  }
}
