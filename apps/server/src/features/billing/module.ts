import type { Partner, PlanSelection, PricingData } from '@vigil/contracts';
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
import { defaultPriceList, type PriceContext, type PriceListSource } from './price-lists.ts';
import { pricingRoutes } from './pricing-routes.ts';
import { billingRoutes } from './routes.ts';
import { SubscriptionService } from './subscription-service.ts';

/**
 * Builds billing (decisions 0740, 0741): geolocation, price lists, quotes, checkout with a payment provider,
 * subscriptions and the licences they give. The seams others plug into: `partnerPrices` (partner-set prices for
 * their customers, issue 17), `geo` (a real address lookup), `provider` (a real payment provider).
 */
export function createBilling(d: {
  db: Db;
  config: Pick<Config, 'TRUST_PROXY' | 'NODE_ENV' | 'PAYMENTS_TEST_PROVIDER'>;
  access: AccountAccess;
  completeSelfRegStep: (uid: string, step: string) => Promise<void>;
  /** A plan started or changed (retention follows its storage days). */
  onPlan?: (uid: string, plan: PlanSelection) => Promise<void>;
  now: () => number;
  geo?: GeoLocator;
  provider?: PaymentProvider;
  paypal?: PayPalProvider;
  partnerPrices?: PriceListSource;
  mayQuoteFor?: (caller: Caller, uid: string) => Promise<boolean>;
  /** The partner as the caller may see it (partners' scope; 404 outside it): who may edit its price lists. */
  partnerOf?: (caller: Caller, partnerId: string) => Promise<Partner>;
  /** The installer id an account belongs to (auth's users), for its installer's price list. */
  installerIdOf?: (uid: string) => Promise<string | null | undefined>;
  /** Auth's users: who an account's invoices are made out to (its first organisation and e-mail). */
  users?: {
    organisationsOf(uid: string): Promise<{ name: string }[]>;
    emailOf(uid: string): Promise<string | undefined>;
  };
  /** Training consent withdrawn: forget what was kept of the account for training (decision 0743). */
  onTrainingWithdrawn?: (uid: string) => Promise<void>;
  /** The name invoices are issued under. */
  issuer?: string;
}) {
  const repo = new BillingRepository(d.db);
  const geo = d.geo ?? new EmbeddedGeoLocator({ trustProxy: d.config.TRUST_PROXY });
  // Test and production region identifiers are never mixed: production only in production (spec 001 §9).
  const regionIds = d.config.NODE_ENV === 'production' ? 'production' : 'test';
  // Partner-set prices (decision 0744): the customer's installer's list, a share of the default one.
  const prices = new PartnerPricesService({
    repo: new PartnerPricesRepository(d.db),
    partnerOf: d.partnerOf ?? (async () => Promise.reject(notFound())),
    now: d.now,
  });
  const partnerPrices: PriceListSource = async (ctx) => {
    const installerId = ctx.installerId ?? (ctx.uid ? await d.installerIdOf?.(ctx.uid) : undefined);
    if (!installerId) return undefined;
    const base = defaultPriceList(ctx, regionIds);
    const percent = await prices.percentFor(installerId, base.currency.code);
    return percent === undefined ? undefined : scaledList(base, percent, installerId);
  };
  const priceList = async (ctx: PriceContext): Promise<PricingData> =>
    (await (d.partnerPrices ?? partnerPrices)(ctx)) ?? defaultPriceList(ctx, regionIds);
  const subscriptions = new SubscriptionService({ repo, priceList, onPlan: d.onPlan, now: d.now });
  const billing = new BillingService({
    repo,
    provider: d.provider ?? new TestPaymentProvider(d.now, { enabled: d.config.PAYMENTS_TEST_PROVIDER }),
    paypal: d.paypal ?? new PayPalStandIn({ enabled: d.config.PAYMENTS_TEST_PROVIDER }),
    priceList,
    subscriptions,
    completeSelfRegStep: d.completeSelfRegStep,
    now: d.now,
  });
  const mayQuoteFor =
    d.mayQuoteFor ?? ((caller: Caller, uid: string) => d.access.may(caller, uid, 'managePlan'));
  const consents = new ConsentService({
    repo: new ConsentsRepository(d.db),
    now: d.now,
    onTrainingWithdrawn: d.onTrainingWithdrawn,
  });
  const billTo = async (uid: string): Promise<BillTo> => ({
    organisation: (await d.users?.organisationsOf(uid))?.[0]?.name ?? '',
    email: (await d.users?.emailOf(uid)) ?? uid,
  });
  const routes: FeatureRoutes = async (app) => {
    await app.register(pricingRoutes, { billing, geo, priceList, mayQuoteFor });
    await app.register(partnerPriceRoutes, { prices });
    await app.register(billingRoutes, {
      billing,
      subscriptions,
      access: d.access,
      geo,
      consents,
      billTo,
      issuer: d.issuer ?? 'Vigil',
    });
  };
  return { billing, subscriptions, consents, routes };
}
