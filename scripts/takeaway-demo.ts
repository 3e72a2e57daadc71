/**
 * A takeaway to watch (decisions 0840–0842): node_modules/.bin/node scripts/takeaway-demo.ts --email E --password P
 *   [--url http://127.0.0.1:8080] [--port 8570] [--every 20] [--dispute-every 4]
 * Signs in as the account (an end user of a takeaway brand), starts a simulated till camera (a person at the
 * counter) and installs it, makes it the till camera, makes a webhook secret, then posts a signed order every
 * --every seconds (every --dispute-every-th disputed) until interrupted. Open /orders on the brand's host.
 */
import { parseArgs } from 'node:util';
import { startSimulator, streamOrders, TILL_CAMERA } from '@vigil/simulator';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    email: { type: 'string' },
    password: { type: 'string' },
    port: { type: 'string', default: '8570' },
    every: { type: 'string', default: '20' },
    'dispute-every': { type: 'string', default: '4' },
  },
});
if (!values.email || !values.password)
  throw new Error('--email and --password of the takeaway account are needed');
const base = values.url.replace(/\/$/, '');

async function call<T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const login = await call<{ uid: string; authToken: string }>('POST', '/login', undefined, {
  email: values.email,
  password: values.password,
});
const sim = await startSimulator({
  cameras: [TILL_CAMERA],
  basePort: Number(values.port),
  log: (l) => console.error(l),
});
const till = await call<{ uidd: string }>('POST', '/cameras', login.authToken, {
  name: 'Till',
  url: sim.cameras[0]?.urls.main,
});
await call('PUT', `/takeaway/${login.uid}/settings`, login.authToken, { tillCamera: till.uidd });
const { secret } = await call<{ secret: string }>(
  'POST',
  `/takeaway/${login.uid}/settings/secret`,
  login.authToken,
);
const webhookUrl = `${base}/takeaway/webhook/${login.uid}`;
console.log(`till camera ${till.uidd}; orders to ${webhookUrl} every ${values.every} s (Ctrl-C stops)`);
const orders = streamOrders({
  webhookUrl,
  secret,
  everyMs: Number(values.every) * 1000,
  disputeEvery: Number(values['dispute-every']),
  prefix: `DEMO-${Date.now().toString(36).toUpperCase()}`,
  log: (l) => console.log(l),
});
const stop = (): void => {
  orders.stop();
  void sim.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
