import type { Locator, Page } from '@playwright/test';

/** Page object for the partner portal's forms (/manage, /customers/new): company and owner e-mail. */
export class PortalPage {
  readonly page: Page;
  readonly heading: Locator;
  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Partner portal' });
  }

  /** The success note of the form named `form`. */
  status(form: string): Locator {
    return this.page.getByRole('form', { name: form }).getByRole('status');
  }

  /** The error below the form named `form`. */
  error(form: string): Locator {
    return this.page.getByRole('form', { name: form }).getByRole('alert');
  }

  /** Fills the form named `form` (its submit button's label) and sends it. */
  async create(form: string, company: string, email: string): Promise<void> {
    const f = this.page.getByRole('form', { name: form });
    await f.getByLabel(/^Company/).fill(company);
    await f.getByLabel(/^Owner’s e-mail/).fill(email);
    await f.getByRole('button', { name: form }).click();
  }
}
