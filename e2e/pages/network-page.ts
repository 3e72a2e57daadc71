import type { Locator, Page } from '@playwright/test';

/** Page object for the connectivity screen (spec 001 §2). */
export class NetworkPage {
  readonly heading: Locator;
  readonly status: Locator;

  constructor(page: Page) {
    this.heading = page.getByRole('heading', { name: 'Network error' });
    this.status = page.getByRole('status');
  }
}
