import {
  type PlanChangePreview,
  type PlanSelection,
  type PriceBreakdown,
  type PricingData,
  priceOf,
  roundPrice,
  type Subscription,
  type SubscriptionLicence,
} from '@vigil/contracts';
import type { SubscriptionsTable } from '@vigil/db';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { randomId } from '../../shared/random.ts';
import type { BillingRepository } from './billing-repository.ts';
import { addMonths, toSubscription } from './mapping.ts';
import { type CloudCamera, planLosses } from './plan-losses.ts';
import type { PriceContext } from './price-lists.ts';

export interface SubscriptionDeps {
  repo: BillingRepository;
  priceList: (ctx: PriceContext) => Promise<PricingData>;
  /** A plan started or changed: retention follows its storage days (app.ts hands in auth's and cameras' writes). */
  onPlan?: ((uid: string, plan: PlanSelection) => Promise<void>) | undefined;
  /** A cancellation asked: the plan ends at `endsAtMs` unless reinstated (decision 0717: the owner is warned). */
  onCancel?: ((uid: string, endsAtMs: number, planDays: number) => Promise<void>) | undefined;
  /** The owner's cameras recording to the cloud, oldest installed first (a change's losses, decision 0853). */
  cloudCameras?: ((uid: string) => Promise<CloudCamera[]>) | undefined;
  now: () => number;
}

const noSubscription = () =>
  new HttpError(409, 'no_subscription', 'There is no plan to change: choose one first');

/**
 * One subscription per organisation owner (decision 0741): active → pending cancellation (cancel) → active
 * (reinstate, until the period ends) or cancelled (the period ended). Renewal and lapse are applied when the
 * subscription is next read, so no timer is needed and every reader sees the same state.
 */
export class SubscriptionService {
  readonly #d: SubscriptionDeps;
  constructor(d: SubscriptionDeps) {
    this.#d = d;
  }

  /** Starts (or restarts) the subscription of a paid invoice: a new period from now. */
  async activate(
    uid: string,
    plan: PlanSelection,
    price: PriceBreakdown,
    provider: string,
  ): Promise<Subscription> {
    const t = this.#d.now();
    await this.#d.repo.putSubscription({
      uid,
      plan: JSON.stringify(plan),
      price: JSON.stringify(price),
      currency: price.currency.code,
      state: 'active',
      period_start: t,
      period_end: addMonths(t, price.renewalFrequency),
      provider,
      created_at: t,
      updated_at: t,
    });
    await this.#d.onPlan?.(uid, plan);
    return (await this.current(uid)) as Subscription;
  }

  async current(uid: string): Promise<Subscription | null> {
    const row = await this.#settled(uid);
    return row ? toSubscription(row) : null;
  }

  /** Pending cancellation: the plan runs to the end of the paid period, then lapses unless reinstated. */
  async cancel(uid: string): Promise<Subscription> {
    const row = await this.#settled(uid);
    if (!row || row.state === 'cancelled') throw noSubscription();
    if (row.state === 'active') {
      await this.#d.repo.setSubscription(uid, { state: 'pending_cancellation', updated_at: this.#d.now() });
      const plan = JSON.parse(row.plan) as PlanSelection;
      await this.#d.onCancel?.(uid, Number(row.period_end), plan.storageDays);
    }
    return (await this.current(uid)) as Subscription;
  }

  async reinstate(uid: string): Promise<Subscription> {
    const row = await this.#settled(uid);
    if (!row) throw noSubscription();
    if (row.state === 'cancelled')
      throw conflict('The plan has ended: choose a plan again to subscribe', 'licence_upgrade');
    if (row.state === 'pending_cancellation')
      await this.#d.repo.setSubscription(uid, { state: 'active', updated_at: this.#d.now() });
    return (await this.current(uid)) as Subscription;
  }

  /**
   * A plan change takes effect now (decision 0741). Proration: the difference between the new and the old price
   * for the part of the period left, rounded to 2 decimals; an increase is an open invoice of kind `change`, a
   * decrease is not refunded (the next renewal is at the new price).
   */
  async change(
    uid: string,
    plan: PlanSelection,
    ctx: PriceContext,
  ): Promise<{ subscription: Subscription; due: number }> {
    const { row, price, due, sameInterval } = await this.#proration(uid, plan, ctx);
    const t = this.#d.now();
    await this.#d.repo.setSubscription(uid, {
      plan: JSON.stringify(plan),
      price: JSON.stringify(price),
      updated_at: t,
      // A change of interval starts a new period, paid in full.
      ...(sameInterval ? {} : { period_start: t, period_end: addMonths(t, price.renewalFrequency) }),
    });
    await this.#d.onPlan?.(uid, plan);
    if (due > 0) {
      const line = { item: 'proration', quantity: 1, unitFee: due, amount: due };
      const prorated: PriceBreakdown = { ...price, lines: [line], subtotal: due, tax: 0, total: due };
      await this.#d.repo.addInvoice({
        id: randomId(),
        uid,
        plan: JSON.stringify(plan),
        price: JSON.stringify(prorated),
        status: 'open',
        provider: row.provider,
        provider_ref: null,
        kind: 'change',
        created_at: t,
        paid_at: null,
      });
    }
    return { subscription: (await this.current(uid)) as Subscription, due };
  }

  /**
   * What a change to `plan` would do, without doing it (decision 0853): the amount due now, and what the owner
   * would lose (storage days, cameras that stop recording to the cloud, resolution, add-ons).
   */
  async preview(uid: string, plan: PlanSelection, ctx: PriceContext): Promise<PlanChangePreview> {
    const { row, due } = await this.#proration(uid, plan, ctx);
    const current = JSON.parse(row.plan) as PlanSelection;
    const cameras = (await this.#d.cloudCameras?.(uid)) ?? [];
    return { due, currency: row.currency, losses: planLosses(current, plan, cameras) };
  }

  /** The running subscription, the new plan's price and the proration of a change to it (decision 0741). */
  async #proration(uid: string, plan: PlanSelection, ctx: PriceContext) {
    const row = await this.#settled(uid);
    if (!row || row.state === 'cancelled') throw noSubscription();
    const old = JSON.parse(row.price) as PriceBreakdown;
    const list = await this.#d.priceList({ ...ctx, currency: row.currency });
    const price = priceOf(list, plan);
    if (!price) throw badRequest('plan: this plan is not sold in your currency');
    const t = this.#d.now();
    const left = Math.max(0, row.period_end - t) / (row.period_end - row.period_start);
    const sameInterval = price.renewalFrequency === old.renewalFrequency;
    const due = sameInterval ? Math.max(0, roundPrice((price.total - old.total) * left)) : price.total;
    return { row, price, due, sameInterval };
  }

  /**
   * What the running subscription licenses, in decision 0700's plan shape, or undefined when there is none (or it
   * has ended): the licences feature then keeps its default plan. The seam for `LicencesService.of` (decision 0741).
   */
  async licence(uid: string): Promise<SubscriptionLicence | undefined> {
    const s = await this.current(uid);
    if (!s || s.state === 'cancelled') return undefined;
    const p = s.plan;
    return {
      plan: `subscription-${p.resolution}-${p.mode}-${p.storageDays}d`,
      cloudCameras: p.cameras,
      storageDays: p.storageDays,
      maxResolution: p.resolution,
      analytics: [...p.addons],
    };
  }

  /** Renewal and lapse, applied on read (see the class). */
  async #settled(uid: string): Promise<SubscriptionsTable | undefined> {
    const row = await this.#d.repo.findSubscription(uid);
    const t = this.#d.now();
    if (!row || row.state === 'cancelled' || row.period_end > t) return row;
    if (row.state === 'pending_cancellation') {
      await this.#d.repo.setSubscription(uid, { state: 'cancelled', updated_at: t });
      return { ...row, state: 'cancelled' };
    }
    // Active past its end: the next period starts where the last ended; its invoice is open until paid.
    const price = JSON.parse(row.price) as PriceBreakdown;
    let start = Number(row.period_end);
    while (addMonths(start, price.renewalFrequency) <= t) start = addMonths(start, price.renewalFrequency);
    const end = addMonths(start, price.renewalFrequency);
    await this.#d.repo.setSubscription(uid, { period_start: start, period_end: end, updated_at: t });
    await this.#d.repo.addInvoice({
      id: randomId(),
      uid,
      plan: row.plan,
      price: row.price,
      status: 'open',
      provider: row.provider,
      provider_ref: null,
      kind: 'renewal',
      created_at: t,
      paid_at: null,
    });
    return { ...row, period_start: start, period_end: end };
  }
}
