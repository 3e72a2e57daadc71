import { randomId } from '../../shared/random.ts';
import type { ChargeResult } from './payments.ts';

/** Where the payer approves a PayPal payment, and the token PayPal hands back on the way home. */
export interface PayPalApproval {
  token: string;
  /** PayPal's approval page; the stand-in's is our own /paypal-confirm (a path on this server). */
  approvalUrl: string;
}

/**
 * PayPal as a redirect provider (decision 0745): `approve` makes an order and says where the payer approves it;
 * PayPal sends them back to the return path with `token`; `capture` takes the money. A real PayPal client (its
 * Orders API: create, then capture) implements this with credentials; until then the stand-in below does.
 */
export interface PayPalProvider {
  readonly name: 'paypal';
  approve(req: {
    invoiceId: string;
    amount: number;
    currency: string;
    returnPath: string;
  }): Promise<PayPalApproval>;
  capture(req: { invoiceId: string; token: string }): Promise<ChargeResult>;
}

/** What capturing answers where the stand-in is off: no PayPal credentials on a production server. */
export const PAYPAL_STANDIN_OFF =
  'PayPal is not set up on this server yet. Your invoice stays open: pay it by transfer and support marks it paid.';

/** Where the stand-in keeps its approvals: in the database (decision 0751), so a restart loses none. */
export interface PayPalOrderStore {
  add(order: { token: string; invoiceId: string; createdAt: number }): Promise<void>;
  find(token: string): Promise<{ invoiceId: string; capturedRef: string | null } | undefined>;
  /** Records the capture once; answers the reference that stands (an earlier capture's, if any). */
  capture(token: string, reference: string): Promise<string>;
}

/**
 * THE PAYPAL STAND-IN: no PayPal site, no money. Approving skips PayPal and goes straight to the return page with a
 * token (as PayPal's redirect does); capturing a token of that invoice settles it, once. Off (production without
 * PAYMENTS_TEST_PROVIDER), capturing refuses and the invoice stays open for support to mark paid: the invoice way.
 * Approvals are stored (decision 0751), as an order lives at PayPal whatever happens to the merchant's server.
 */
export class PayPalStandIn implements PayPalProvider {
  readonly name = 'paypal' as const;
  readonly #orders: PayPalOrderStore;
  readonly #enabled: boolean;
  readonly #now: () => number;
  constructor(orders: PayPalOrderStore, o: { enabled?: boolean; now?: () => number } = {}) {
    this.#orders = orders;
    this.#enabled = o.enabled ?? true;
    this.#now = o.now ?? Date.now;
  }

  async approve(req: { invoiceId: string; returnPath: string }): Promise<PayPalApproval> {
    const token = `STANDIN-${randomId()}`;
    await this.#orders.add({ token, invoiceId: req.invoiceId, createdAt: this.#now() });
    const sep = req.returnPath.includes('?') ? '&' : '?';
    return { token, approvalUrl: `${req.returnPath}${sep}token=${encodeURIComponent(token)}` };
  }

  async capture(req: { invoiceId: string; token: string }): Promise<ChargeResult> {
    const order = await this.#orders.find(req.token);
    if (!order || order.invoiceId !== req.invoiceId)
      return { ok: false, reason: 'This PayPal approval is not known or has expired. Start again.' };
    if (!this.#enabled) return { ok: false, reason: PAYPAL_STANDIN_OFF };
    const reference =
      order.capturedRef ?? (await this.#orders.capture(req.token, `paypal_standin_${randomId()}`));
    return { ok: true, reference };
  }
}
