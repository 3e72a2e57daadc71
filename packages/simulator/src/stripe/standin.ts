import { createServer, type IncomingMessage } from 'node:http';
import { parseStripeForm } from './form.ts';
import { HostedCheckout } from './hosted.ts';
import { type Answer, apiError, type Customer, type StripeEvent, stripeId } from './objects.ts';
import { StandInState } from './state.ts';

/**
 * A LOCAL STAND-IN FOR STRIPE (decision 0750), for tests and offline demos: the part of Stripe's API Vigil calls
 * (customers, Checkout Sessions, PaymentIntents read back), Checkout's hosted payment page with Stripe's test cards,
 * and webhooks signed with Stripe's scheme, retried until answered 2xx. Keys of idempotent requests are honoured as
 * Stripe does. No money, no Stripe account; the official SDK talks to it through its host/port/protocol options.
 */
export interface StripeStandInOptions {
  /** 0: a free port the system picks. */
  port: number;
  host?: string;
  /** The secret key requests must carry (`Authorization: Bearer …`). */
  secretKey?: string;
  /** Where events are delivered, and the endpoint's signing secret (`whsec_…`). */
  webhook?: { url: string; secret: string };
  /** Waits between delivery attempts of an event not answered 2xx (Stripe retries for up to 3 days). */
  retryDelaysMs?: readonly number[];
}

export interface StripeStandIn {
  /** `http://host:port`: the SDK's host and port, and the hosted page's origin. */
  base: string;
  secretKey: string;
  /** Every API request, in order, with its idempotency key. */
  readonly requests: ReadonlyArray<{ method: string; path: string; idempotencyKey: string | null }>;
  readonly events: readonly StripeEvent[];
  /** Every delivery attempt: the event and the webhook's answer (0: unreachable). */
  readonly deliveries: ReadonlyArray<{ eventId: string; status: number }>;
  readonly customers: ReadonlyMap<string, Customer>;
  setWebhook(webhook: { url: string; secret: string }): void;
  /** Sends an event again, as the dashboard's "Resend" does; answers the webhook's status. */
  resend(eventId: string): Promise<number>;
  close(): Promise<void>;
}

export const STANDIN_SECRET_KEY = 'sk_test_standin';

export async function startStripeStandIn(o: StripeStandInOptions): Promise<StripeStandIn> {
  const host = o.host ?? '127.0.0.1';
  const secretKey = o.secretKey ?? STANDIN_SECRET_KEY;
  const state = new StandInState({ webhook: o.webhook, retryDelaysMs: o.retryDelaysMs });
  const hosted = new HostedCheckout(state);
  const requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  /** Stripe's idempotency: the same key with the same parameters answers the first answer again, other ones 400. */
  const apiRequest = (req: IncomingMessage, path: string, body: string): Answer & { replayed?: boolean } => {
    const query = (req.url ?? '').split('?')[1] ?? '';
    const method = req.method ?? 'GET';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path, idempotencyKey: key });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return apiError(401, 'invalid_request_error', 'Invalid API Key provided.');
    if (method === 'GET') return state.route(method, path, parseStripeForm(query));
    if (!key) return state.route(method, path, parseStripeForm(body));
    const fingerprint = `${path}\n${body}`;
    const seen = idempotent.get(key);
    if (seen && seen.fingerprint !== fingerprint)
      return apiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    if (seen) return { ...seen.answer, replayed: true };
    const answer = state.route(method, path, parseStripeForm(body));
    if (answer.status < 500) idempotent.set(key, { fingerprint, answer });
    return answer;
  };

  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = (req.url ?? '/').split('?')[0] as string;
      if (path.startsWith('/c/pay/')) {
        const a = hosted.handle(req.method ?? 'GET', path, body);
        if ('location' in a) res.writeHead(303, { location: a.location }).end();
        else
          res
            .writeHead(a.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
            .end(a.page);
        return;
      }
      const a = apiRequest(req, path, body);
      res.writeHead(a.status, {
        'content-type': 'application/json',
        'request-id': stripeId('req'),
        ...(a.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(o.port, host, ok));
  const address = server.address();
  const base = `http://${host}:${typeof address === 'object' && address ? address.port : o.port}`;
  state.base = base;
  return {
    base,
    secretKey,
    requests,
    events: state.events,
    deliveries: state.deliveries,
    customers: state.customers,
    setWebhook: (w) => {
      state.webhook = w;
    },
    resend: async (id) => {
      const event = state.events.find((e) => e.id === id);
      if (!event) throw new Error(`no event ${id}`);
      return state.deliverOnce(event);
    },
    close: async () => {
      state.stop();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}
