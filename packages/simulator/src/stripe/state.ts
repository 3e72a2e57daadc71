import type { FormValue } from './form.ts';
import {
  type Answer,
  apiError,
  type Charge,
  type CheckoutSession,
  type Customer,
  type Json,
  lineTotal,
  type PaymentIntent,
  type StripeEvent,
  str,
  strings,
  stripeId,
} from './objects.ts';
import { stripeSignatureHeader } from './signature.ts';

const API_VERSION = '2025-10-29.clover';
export const DEFAULT_RETRIES: readonly number[] = [500, 1000, 2000, 5000, 10_000, 30_000, 60_000];

/** The stand-in's objects and events, and the API calls on them (decision 0750). */
export class StandInState {
  readonly customers = new Map<string, Customer>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly intents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly events: StripeEvent[] = [];
  readonly deliveries: Array<{ eventId: string; status: number }> = [];
  webhook: { url: string; secret: string } | undefined;
  readonly #retries: readonly number[];
  readonly #timers = new Set<NodeJS.Timeout>();
  /** The stand-in's origin, known once it listens: the hosted page's URLs start with it. */
  base = '';
  #open = true;

  constructor(o: { webhook?: { url: string; secret: string }; retryDelaysMs?: readonly number[] }) {
    this.webhook = o.webhook;
    this.#retries = o.retryDelaysMs ?? DEFAULT_RETRIES;
  }

  now = (): number => Math.floor(Date.now() / 1000);

  /** An event, delivered to the webhook and retried (with the waits given) until it answers 2xx. */
  emit(type: string, object: Json): void {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: this.webhook ? 1 : 0,
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    this.#deliver(event, 0);
  }

  /** One delivery attempt, signed as Stripe signs: answers the webhook's status, 0 when unreachable. */
  async deliverOnce(event: StripeEvent): Promise<number> {
    const hook = this.webhook;
    if (!hook) return 0;
    const payload = JSON.stringify(event, null, 2);
    const status = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(payload, hook.secret, this.now()),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    }).then(
      (r) => r.status,
      () => 0,
    );
    this.deliveries.push({ eventId: event.id, status });
    return status;
  }

  #deliver(event: StripeEvent, attempt: number): void {
    void this.deliverOnce(event).then((status) => {
      const wait = this.#retries[attempt];
      if ((status >= 200 && status < 300) || wait === undefined || !this.#open) return;
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        this.#deliver(event, attempt + 1);
      }, wait);
      this.#timers.add(timer);
    });
  }

  stop(): void {
    this.#open = false;
    for (const t of this.#timers) clearTimeout(t);
  }

  route(method: string, path: string, params: Record<string, FormValue>): Answer {
    const [, , kind, id, extra] = path.split('/');
    if (method === 'POST' && path === '/v1/customers') return this.#createCustomer(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.#createSession(params);
    const expand = Array.isArray(params.expand) ? params.expand.filter((e) => typeof e === 'string') : [];
    const get = (what: string, key: string, obj: Json | undefined) =>
      found(what, key, obj && this.#expand(obj, expand));
    if (method === 'GET' && kind === 'customers' && id) return get('customer', id, this.customers.get(id));
    if (method === 'GET' && kind === 'checkout' && id === 'sessions' && extra)
      return get('checkout.session', extra, this.sessions.get(extra));
    if (method === 'GET' && kind === 'payment_intents' && id)
      return get('payment_intent', id, this.intents.get(id));
    if (method === 'GET' && kind === 'charges' && id) return get('charge', id, this.charges.get(id));
    return apiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Stripe's `expand[]`: an id at a (dotted) path replaced by its object, as deep as the path goes. */
  #expand(obj: Json, paths: readonly string[]): Json {
    const out = structuredClone(obj);
    for (const path of paths) {
      const [head = '', ...rest] = path.split('.');
      const id = out[head];
      const target = typeof id === 'string' ? this.#byId(id) : undefined;
      if (target) out[head] = this.#expand(target, rest.length ? [rest.join('.')] : []);
    }
    return out;
  }

  #byId(id: string): Json | undefined {
    if (id.startsWith('pi_')) return this.intents.get(id);
    if (id.startsWith('ch_')) return this.charges.get(id);
    if (id.startsWith('cus_')) return this.customers.get(id);
    return undefined;
  }

  #createCustomer(p: Record<string, FormValue>): Answer {
    const c: Customer = {
      id: stripeId('cus'),
      object: 'customer',
      email: str(p.email),
      name: str(p.name),
      metadata: strings(p.metadata),
      created: this.now(),
    };
    this.customers.set(c.id, c);
    return { status: 200, body: c };
  }

  #createSession(p: Record<string, FormValue>): Answer {
    const total = lineTotal(p.line_items);
    if (!total)
      return apiError(
        400,
        'invalid_request_error',
        'line_items: price_data with unit_amount and one currency',
        {
          param: 'line_items',
        },
      );
    const success = str(p.success_url);
    if (!success)
      return apiError(400, 'invalid_request_error', 'Missing required param: success_url.', {
        param: 'success_url',
      });
    const customer = str(p.customer);
    if (customer && !this.customers.has(customer))
      return apiError(400, 'invalid_request_error', `No such customer: '${customer}'`, {
        param: 'customer',
        code: 'resource_missing',
      });
    const id = stripeId('cs_test');
    const s: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: str(p.mode) ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total.amount,
      currency: total.currency,
      customer,
      client_reference_id: str(p.client_reference_id),
      metadata: strings(p.metadata),
      payment_intent: null,
      success_url: success,
      cancel_url: str(p.cancel_url) ?? success,
      url: `${this.base}/c/pay/${id}`,
      created: this.now(),
    };
    this.sessions.set(id, s);
    return { status: 200, body: s };
  }
}

const found = (kind: string, id: string, obj: Json | undefined): Answer =>
  obj
    ? { status: 200, body: obj }
    : apiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing' });
