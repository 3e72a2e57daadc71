import { GeoInfo, PricingData, Quote, QuoteBody } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import { forbidden } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { Caller } from '../../shared/caller.ts';
import type { BillingService } from './billing-service.ts';
import type { GeoLocator } from './geo.ts';
import type { PriceContext } from './price-lists.ts';
import { geoOf, priceContextOf } from './request-geo.ts';

export interface PricingRouteDeps {
  billing: BillingService;
  geo: GeoLocator;
  priceList: (ctx: PriceContext) => Promise<z.infer<typeof PricingData>>;
  /** Whether a caller may quote for another account: a partner for its customer (issue 17's seam). */
  mayQuoteFor: (caller: Caller, uid: string) => Promise<boolean>;
  /** Whether a caller may choose another account's plan (decision 0854): its list is then priced for it. */
  mayChooseFor: (caller: Caller, uid: string) => Promise<boolean>;
}

const CurrencyQuery = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** The account the list is for: a customer whose plan the caller chooses (decision 0854). */
  forUid: z.string().min(1).max(64).optional(),
});
const QuoteParams = z.strictObject({ id: z.string().min(1).max(64) });

/** Geolocation, price lists and quotes (decision 0740): what the plan chooser and /quote/:id read. */
export async function pricingRoutes(app: FastifyInstance, d: PricingRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Spec 000 §7 "IP geolocation", served by us: country and currency of the visitor, default US, USD, $.
  r.get('/geo', { config: { auth: 'none' }, schema: { response: { 200: GeoInfo } } }, (req) =>
    geoOf(d.geo, req),
  );

  // Spec 001 §3 pricing data for the visitor's country, in their currency or the one they switch to. A signed-in
  // customer of a partner sees its installer's list, as its quotes are priced (decision 0744).
  // With `forUid`, the list that account's plan changes are priced with: for whoever may choose its plan.
  r.get(
    '/pricing',
    { config: { auth: 'optional' }, schema: { querystring: CurrencyQuery, response: { 200: PricingData } } },
    async (req) => {
      const { forUid, currency } = req.query;
      if (forUid !== undefined && forUid !== req.caller?.uid) {
        if (!req.caller || !(await d.mayChooseFor(req.caller, forUid)))
          throw forbidden('Only whoever chooses this account’s plan reads its prices');
        return d.priceList(await priceContextOf(d.geo, req, currency, forUid));
      }
      return d.priceList(await priceContextOf(d.geo, req, currency, req.caller?.uid));
    },
  );

  r.post('/quotes', { schema: { body: QuoteBody, response: { 200: Quote } } }, async (req) => {
    const caller = callerOf(req);
    const { forUid } = req.body;
    if (forUid !== undefined && forUid !== caller.uid && !(await d.mayQuoteFor(caller, forUid)))
      throw forbidden('Only this customer’s partner may quote for them');
    // Priced for the customer: a partner's quote at the customer's installer's prices (decision 0744).
    const ctx = await priceContextOf(d.geo, req, req.body.currency, forUid ?? caller.uid);
    return d.billing.quote(caller.uid, req.body.plan, ctx, forUid === caller.uid ? undefined : forUid);
  });

  // The quote link (/quote/:id): its id is the capability, so anyone holding the link may read it.
  r.get(
    '/quotes/:id',
    { config: { auth: 'none' }, schema: { params: QuoteParams, response: { 200: Quote } } },
    (req) => d.billing.getQuote(req.params.id),
  );
}
