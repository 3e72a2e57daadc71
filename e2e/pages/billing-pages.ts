import type { Locator, Page } from '@playwright/test';

/** Page object for the plan chooser, /payment and /manage-plan/plan (issue 18). */
export class BillingPages {
  readonly page: Page;
  readonly cameras: Locator;
  readonly total: Locator;
  readonly continueToPayment: Locator;
  readonly cardNumber: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly pay: Locator;
  readonly error: Locator;
  readonly signOut: Locator;
  readonly planState: Locator;

  constructor(page: Page) {
    this.page = page;
    this.cameras = page.getByLabel('Cameras', { exact: true });
    this.total = page.getByTestId('price-total');
    this.continueToPayment = page.getByRole('button', { name: 'Continue to payment' });
    this.cardNumber = page.getByLabel(/^Card number/);
    this.expiry = page.getByLabel(/^Expiry/);
    this.cvc = page.getByLabel(/^Security code/);
    this.pay = page.getByRole('button', { name: 'Pay', exact: true });
    this.error = page.getByRole('alert');
    this.signOut = page.getByRole('button', { name: 'Sign out' });
    this.planState = page.getByTestId('plan-state');
  }

  async payWith(number: string, expiry = '12/39', cvc = '123'): Promise<void> {
    await this.cardNumber.fill(number);
    await this.expiry.fill(expiry);
    await this.cvc.fill(cvc);
    await this.pay.click();
  }
}
