import type { Locator, Page } from '@playwright/test';

/** Page object for the signed-in frame: sidebar (or bottom tabs in the mobile app), banner, page heading. */
export class AppShell {
  readonly page: Page;
  readonly sidebar: Locator;
  readonly bottomTabs: Locator;
  readonly moreTab: Locator;
  readonly moreSheet: Locator;
  readonly mobileHeader: Locator;
  readonly heading: Locator;
  readonly notFound: Locator;
  readonly demoNotice: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sidebar = page.getByTestId('sidebar');
    this.bottomTabs = page.getByTestId('bottom-tabs');
    this.moreTab = this.bottomTabs.getByRole('button', { name: 'More' });
    this.moreSheet = page.getByRole('navigation', { name: 'More' });
    this.mobileHeader = page.getByTestId('mobile-header');
    this.heading = page.getByRole('heading', { level: 1 });
    this.notFound = page.getByRole('heading', { name: 'Page not found' });
    this.demoNotice = page.getByTestId('demo-notice');
  }

  /** The labels of the sidebar's links and buttons, in order. */
  async sidebarEntries(): Promise<string[]> {
    // The first line: links that open elsewhere add a screen-reader note after the label.
    return (await this.sidebar.locator('nav a, nav button').allInnerTexts()).map(
      (t) => t.trim().split('\n')[0] ?? '',
    );
  }

  logOut(label = 'Log out'): Promise<void> {
    return this.sidebar.getByRole('button', { name: label }).click();
  }
}
