/**
 * npm run stripe-standin -- [--port 12111] [--host 127.0.0.1] [--webhook URL] [--webhook-secret whsec_…]
 * Serves the local Stripe stand-in (decision 0750) until interrupted: the API subset Vigil calls, the hosted payment
 * page, and signed webhooks to --webhook (Vigil's is <PUBLIC_URL>/billing/stripe/webhook). Prints the server's
 * settings as environment lines to start Vigil with.
 */
import { parseArgs } from 'node:util';
import { STANDIN_SECRET_KEY, startStripeStandIn } from './standin.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    webhook: { type: 'string' },
    'webhook-secret': { type: 'string', default: 'whsec_standin_local_secret' },
  },
});
const secret = values['webhook-secret'];
const standin = await startStripeStandIn({
  port: Number(values.port),
  host: values.host,
  ...(values.webhook ? { webhook: { url: values.webhook, secret } } : {}),
});
console.log(
  [
    'PAYMENT_PROVIDER=stripe',
    `STRIPE_API_BASE=${standin.base}`,
    `STRIPE_SECRET_KEY=${STANDIN_SECRET_KEY}`,
    `STRIPE_WEBHOOK_SECRET=${secret}`,
  ].join('\n'),
);
const stop = () => void standin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
