import type { Locator, Page } from '@playwright/test';
import { VideoPlayerObject } from './video-player.ts';

/** Page objects of the takeaway screens: /orders, /orders/:id (decisions 0840–0842). */
export class OrdersPageObject {
  readonly heading: Locator;
  readonly day: Locator;
  readonly status: Locator;
  readonly rows: Locator;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Orders', level: 1 });
    this.day = page.getByLabel('Day');
    this.status = page.getByLabel('Status');
    this.rows = page.getByTestId('order-row');
  }

  open(orderId: string): Promise<void> {
    return this.page.getByRole('link', { name: `Open order ${orderId}` }).click();
  }
}

export class OrderPageObject {
  readonly player: VideoPlayerObject;
  readonly note: Locator;
  readonly disputeState: Locator;
  readonly history: Locator;
  readonly status: Locator;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.player = new VideoPlayerObject(page);
    this.note = page.getByLabel('Note', { exact: true });
    this.disputeState = page.getByRole('heading', { name: /^Dispute/ }).getByTestId('dispute-state');
    this.history = page.getByTestId('dispute-history');
    this.status = page.getByRole('status').filter({ hasText: 'Dispute' });
  }

  heading(orderId: string): Locator {
    return this.page.getByRole('heading', { name: `Order ${orderId}`, level: 1 });
  }

  async decide(button: 'Open a dispute' | 'Mark won' | 'Mark lost', note: string): Promise<void> {
    await this.note.fill(note);
    await this.page.getByRole('button', { name: button }).click();
  }
}
