import type { Invoice, PlanSelection, PricingData } from '@vigil/contracts';
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
import { customerPriceRoutes } from './customer-price-routes.ts';
import { CustomerPricesRepository, CustomerPricesService } from './customer-prices.ts';
import { firstPlanMail } from './first-plan-mail.ts';
import { EmbeddedGeoLocator, type GeoLocator } from './geo.ts';
import { HostedPayments } from './hosted-payments.ts';
import type { BillTo } from './invoice-pdf.ts';
import { partnerPriceRoutes } from './partner-price-routes.ts';
import { PartnerPricesRepository, PartnerPricesService, scaledList } from './partner-prices.ts';
import { type PaymentProvider, TestPaymentProvider } from './payments.ts';
import { PaymentsRepository } from './payments-repository.ts';
import { type PayPalProvider, PayPalStandIn } from './paypal.ts';
import { camerasOverLimit } from './plan-losses.ts';
import type { BillingAccounts, BillingCameras, BillingUsers, PartnerOf } from './ports.ts';
import { defaultPriceList, type PriceContext, type PriceListSource } from './price-lists.ts';
import { pricingRoutes } from './pricing-routes.ts';
import { billingRoutes } from './routes.ts';
import { StripeCheckoutProvider } from './stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe-routes.ts';
import { SubscriptionService } from './subscription-service.ts';

/** What billing is built from: the database, settings, other features' ports, and the seams below. */
export interface BillingModuleDeps {
  db: Db;
  config: Pick<
    Config,
    | 'TRUST_PROXY'
    | 'NODE_ENV'
    | 'PAYMENTS_TEST_PROVIDER'
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_API_BASE'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'publicUrl'
  >;
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
  /** Sends an e-mail (features/mail): the customer is told of a first plan chosen for them (decision 0873). */
  mail?: (m: { to: string; subject: string; text: string }) => Promise<void>;
}

/**
 * Builds billing (decisions 0740–0753): geolocation, price lists (partner-set ones too), quotes, checkout with a
 * payment provider (the test one or Stripe) and PayPal, invoices as PDF, subscriptions and the licences they give,
 * the account's consents.
 * The seams others plug into: `partnerPrices` (another source of price lists), `geo` (a real address lookup),
 * `provider` and `paypal` (real payment providers).
 */
export function createBilling(d: BillingModuleDeps) {
  const repo = new BillingRepository(d.db);
  const geo = d.geo ?? new EmbeddedGeoLocator({ trustProxy: d.config.TRUST_PROXY });
  const { prices, customerPrices, priceList } = priceLists(d);
  // Retention follows the plan's storage days: the organisations' duration and every installed camera's.
  const onPlan = async (uid: string, plan: PlanSelection) => {
    await d.users.setStorageDuration(uid, plan.storageDays);
    await d.cameraSettings?.setStorageDaysOf(uid, plan.storageDays);
    // Cameras beyond the plan's count stop recording to the cloud, as the change's preview said (decision 0853).
    const cams = d.cameraSettings;
    if (cams)
      await cams.stopCloudRecording(
        camerasOverLimit(await cams.cloudRecordingOf(uid), plan.cameras).map((c) => c.uidd),
      );
  };
  const subscriptions = new SubscriptionService({
    repo,
    priceList,
    onPlan,
    onCancel: d.onCancel,
    cloudCameras: async (uid) => (await d.cameraSettings?.cloudRecordingOf(uid)) ?? [],
    now: d.now,
  });
  const payments = new PaymentsRepository(d.db);
  const provider = d.provider ?? paymentProvider(d.config, d.now);
  const paypal =
    d.paypal ??
    new PayPalStandIn(payments.paypalOrders, { enabled: d.config.PAYMENTS_TEST_PROVIDER, now: d.now });
  // A first plan chosen by a partner (decision 0873): the owner is told, with the way to pay it.
  const onFirstPlan = async (madeBy: string, invoice: Invoice) => {
    const to = await d.users.emailOf(invoice.uid);
    if (!d.mail || !to) return;
    const by = (await d.users.organisationsOf(madeBy))[0]?.name || 'Your installer';
    await d.mail(firstPlanMail({ to, by, invoice, publicUrl: d.config.publicUrl }));
  };
  const billing = new BillingService({
    onFirstPlan,
    repo,
    provider,
    paypal,
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
  const emailOf = async (uid: string) => (await d.users.emailOf(uid)) ?? null;
  const { publicUrl } = d.config;
  const hosted = new HostedPayments({ provider, repo: payments, billing, emailOf, publicUrl, now: d.now });
  const routes: FeatureRoutes = async (app) => {
    const mayChooseFor = (caller: Caller, uid: string) => d.access.may(caller, uid, 'choosePlan');
    await app.register(pricingRoutes, { billing, geo, priceList, mayQuoteFor, mayChooseFor });
    await app.register(stripeWebhookRoutes, { hosted });
    await app.register(partnerPriceRoutes, { prices });
    await app.register(customerPriceRoutes, { prices: customerPrices });
    const issuer = d.issuer ?? 'Vigil';
    const access = d.access;
    await app.register(billingRoutes, {
      billing,
      subscriptions,
      access,
      geo,
      consents,
      hosted,
      billTo,
      issuer,
    });
  };
  return { billing, subscriptions, consents, routes };
}

/** The card provider configuration chooses (decision 0750): the built-in test provider unless PAYMENT_PROVIDER=stripe. */
function paymentProvider(
  c: Pick<
    Config,
    | 'PAYMENTS_TEST_PROVIDER'
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_API_BASE'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
  >,
  now: () => number,
): PaymentProvider {
  if (c.PAYMENT_PROVIDER === 'stripe' && c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET)
    return new StripeCheckoutProvider({
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      apiBase: c.STRIPE_API_BASE,
    });
  return new TestPaymentProvider(now, { enabled: c.PAYMENTS_TEST_PROVIDER });
}

/**
 * The price lists: a customer's own share of its installer's list (decision 0746) and the installer's list
 * (decision 0744), a share of the default one, else the default (decision 0740). Test and production region
 * identifiers are never mixed: production only in production.
 */
function priceLists(d: {
  db: Db;
  config: Pick<Config, 'NODE_ENV'>;
  now: () => number;
  access: AccountAccess;
  accounts?: BillingAccounts;
  partnerOf?: PartnerOf;
  partnerPrices?: PriceListSource;
}) {
  const regionIds = d.config.NODE_ENV === 'production' ? 'production' : 'test';
  const listRepo = new PartnerPricesRepository(d.db);
  const prices = new PartnerPricesService({
    repo: listRepo,
    partnerOf: d.partnerOf ?? (async () => Promise.reject(notFound())),
    now: d.now,
  });
  const customerPrices = new CustomerPricesService({
    repo: new CustomerPricesRepository(d.db),
    access: d.access,
    accounts: d.accounts,
    installerPercent: (id, currency) => prices.percentFor(id, currency),
    installerPercents: (id) => listRepo.of(id),
    now: d.now,
  });
  const partnerPrices: PriceListSource = async (ctx) => {
    const installerId = ctx.installerId ?? (ctx.uid ? (await d.accounts?.get(ctx.uid))?.installerId : null);
    const base = defaultPriceList(ctx, regionIds);
    // One multiplication, rounded once at the end (spec 001 §9): 2.39 × 110 % = 2.63, not 2.39 → 2.39 → 2.63.
    const percent = await customerPrices.percentFor(ctx.uid, installerId ?? null, base.currency.code);
    if (percent === undefined) return undefined;
    return scaledList(base, percent, ctx.uid ? `${installerId ?? 'direct'}-${ctx.uid}` : `${installerId}`);
  };
  const priceList = async (ctx: PriceContext): Promise<PricingData> =>
    (await (d.partnerPrices ?? partnerPrices)(ctx)) ?? defaultPriceList(ctx, regionIds);
  return { prices, customerPrices, priceList };
}
