import type { PlanSelection, PricingData } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../config.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import { BillingRepository } from './billing-repository.ts';
import { BillingService } from './billing-service.ts';
import { ConsentService } from './consent-service.ts';
import { ConsentsRepository } from './consents-repository.ts';
import { EmbeddedGeoLocator, type GeoLocator } from './geo.ts';
import type { BillTo } from './invoice-pdf.ts';
import { partnerPriceRoutes } from './partner-price-routes.ts';
import { PartnerPricesRepository, PartnerPricesService, scaledList } from './partner-prices.ts';
import { type PaymentProvider, type PayPalProvider, PayPalStandIn, TestPaymentProvider } from './payments.ts';
import type { BillingAccounts, BillingCameras, BillingUsers, PartnerOf } from './ports.ts';
import { defaultPriceList, type PriceContext, type PriceListSource } from './price-lists.ts';
import { pricingRoutes } from './pricing-routes.ts';
import { billingRoutes } from './routes.ts';
import { SubscriptionService } from './subscription-service.ts';

/**
 * Builds billing (decisions 0740–0745): geolocation, price lists (partner-set ones too), quotes, checkout with a
 * payment provider and PayPal, invoices as PDF, subscriptions and the licences they give, the account's consents.
 * The seams others plug into: `partnerPrices` (another source of price lists), `geo` (a real address lookup),
 * `provider` and `paypal` (real payment providers).
 */
export function createBilling(d: {
  db: Db;
  config: Pick<Config, 'TRUST_PROXY' | 'NODE_ENV' | 'PAYMENTS_TEST_PROVIDER'>;
  access: AccountAccess;
  users: BillingUsers;
  accounts?: BillingAccounts;
  cameraSettings?: BillingCameras;
  now: () => number;
  geo?: GeoLocator;
  provider?: PaymentProvider;
  paypal?: PayPalProvider;
  partnerPrices?: PriceListSource;
  mayQuoteFor?: (caller: Caller, uid: string) => Promise<boolean>;
  partnerOf?: PartnerOf;
  /** Training consent withdrawn: forget what was kept of the account for training (decision 0743). */
  onTrainingWithdrawn?: (uid: string) => Promise<void>;
  /** The name invoices are issued under. */
  issuer?: string;
  /** A cancellation asked: the plan ends at `endsAtMs` (features/licences warns of the days that will be kept, 0717). */
  onCancel?: (uid: string, endsAtMs: number, planDays: number) => Promise<void>;
}) {
  const repo = new BillingRepository(d.db);
  const geo = d.geo ?? new EmbeddedGeoLocator({ trustProxy: d.config.TRUST_PROXY });
  const { prices, priceList } = priceLists(d);
  // Retention follows the plan's storage days: the organisations' duration and every installed camera's.
  const onPlan = async (uid: string, plan: PlanSelection) => {
    await d.users.setStorageDuration(uid, plan.storageDays);
    await d.cameraSettings?.setStorageDaysOf(uid, plan.storageDays);
  };
  const subscriptions = new SubscriptionService({
    repo,
    priceList,
    onPlan,
    onCancel: d.onCancel,
    now: d.now,
  });
  const billing = new BillingService({
    repo,
    provider: d.provider ?? new TestPaymentProvider(d.now, { enabled: d.config.PAYMENTS_TEST_PROVIDER }),
    paypal: d.paypal ?? new PayPalStandIn({ enabled: d.config.PAYMENTS_TEST_PROVIDER }),
    priceList,
    subscriptions,
    completeSelfRegStep: (uid, step) => d.users.completeSelfRegStep(uid, step, d.now()),
    now: d.now,
  });
  const mayQuoteFor =
    d.mayQuoteFor ?? ((caller: Caller, uid: string) => d.access.may(caller, uid, 'managePlan'));
  const consents = new ConsentService({
    repo: new ConsentsRepository(d.db),
    now: d.now,
    demoUid: () => d.users.demoUid(),
    onTrainingWithdrawn: d.onTrainingWithdrawn,
  });
  const billTo = async (uid: string): Promise<BillTo> => ({
    organisation: (await d.users.organisationsOf(uid))[0]?.name ?? '',
    email: (await d.users.emailOf(uid)) ?? uid,
  });
  const routes: FeatureRoutes = async (app) => {
    await app.register(pricingRoutes, { billing, geo, priceList, mayQuoteFor });
    await app.register(partnerPriceRoutes, { prices });
    const issuer = d.issuer ?? 'Vigil';
    await app.register(billingRoutes, {
      billing,
      subscriptions,
      access: d.access,
      geo,
      consents,
      billTo,
      issuer,
    });
  };
  return { billing, subscriptions, consents, routes };
}

/**
 * The price lists: a customer's installer's list (decision 0744), a share of the default one, else the default
 * (decision 0740). Test and production region identifiers are never mixed: production only in production.
 */
function priceLists(d: {
  db: Db;
  config: Pick<Config, 'NODE_ENV'>;
  now: () => number;
  accounts?: BillingAccounts;
  partnerOf?: PartnerOf;
  partnerPrices?: PriceListSource;
}) {
  const regionIds = d.config.NODE_ENV === 'production' ? 'production' : 'test';
  const prices = new PartnerPricesService({
    repo: new PartnerPricesRepository(d.db),
    partnerOf: d.partnerOf ?? (async () => Promise.reject(notFound())),
    now: d.now,
  });
  const partnerPrices: PriceListSource = async (ctx) => {
    const installerId = ctx.installerId ?? (ctx.uid ? (await d.accounts?.get(ctx.uid))?.installerId : null);
    if (!installerId) return undefined;
    const base = defaultPriceList(ctx, regionIds);
    const percent = await prices.percentFor(installerId, base.currency.code);
    return percent === undefined ? undefined : scaledList(base, percent, installerId);
  };
  const priceList = async (ctx: PriceContext): Promise<PricingData> =>
    (await (d.partnerPrices ?? partnerPrices)(ctx)) ?? defaultPriceList(ctx, regionIds);
  return { prices, priceList };
}
