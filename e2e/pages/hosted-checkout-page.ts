import type { Locator, Page } from '@playwright/test';

/** The local Stripe stand-in's hosted payment page (decision 0750), where the payer types the card. */
export class HostedCheckoutPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly cardNumber: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.cardNumber = page.getByLabel('Card number');
    this.expiry = page.getByLabel('Expiry (MM / YY)');
    this.cvc = page.getByLabel('CVC');
    this.error = page.getByRole('alert');
  }

  async pay(number: string, price: string): Promise<void> {
    await this.cardNumber.fill(number);
    await this.expiry.fill('12 / 39');
    await this.cvc.fill('123');
    await this.page.getByRole('button', { name: `Pay ${price}` }).click();
  }
}
