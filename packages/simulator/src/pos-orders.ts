import { createHmac } from 'node:crypto';
import type { SimCameraOptions } from './simulator.ts';

/**
 * A takeaway's point of sale, for the demo and the tests (decision 0840): a till camera scene and a stream of
 * orders posted, signed, to Vigil's order webhook. The signing here is written from the decision, apart from the
 * server's check, so a test that posts with it checks the server against the published scheme.
 */

/** The till camera: a person steps up to the counter twice in each 20 s loop (a customer paying, then collecting). */
export const TILL_CAMERA: SimCameraOptions = {
  object: 'person',
  motion: [
    [1, 8],
    [11, 18],
  ],
};

const MENU = [
  { name: 'Chicken tikka masala', unitPriceMinor: 895 },
  { name: 'Lamb rogan josh', unitPriceMinor: 995 },
  { name: 'Vegetable biryani', unitPriceMinor: 795 },
  { name: 'Pilau rice', unitPriceMinor: 295 },
  { name: 'Garlic naan', unitPriceMinor: 325 },
  { name: 'Onion bhaji', unitPriceMinor: 395 },
  { name: 'Mango lassi', unitPriceMinor: 350 },
] as const;
const CHANNELS = ['counter', 'phone', 'delivery app'] as const;

export interface PosOrder {
  orderId: string;
  placedAt: number;
  totalMinor: number;
  currency: string;
  items: Array<{ name: string; quantity: number; unitPriceMinor: number }>;
  channel: string;
}

/** The n-th order of a till (deterministic: the same n is the same order), placed at `placedAt`. */
export function posOrder(n: number, placedAt: number, prefix = 'POS'): PosOrder {
  const count = 1 + (n % 3);
  const items = Array.from({ length: count }, (_, i) => {
    const dish = MENU[(n * 3 + i * 5) % MENU.length] ?? MENU[0];
    return { name: dish.name, quantity: 1 + ((n + i) % 2), unitPriceMinor: dish.unitPriceMinor };
  });
  return {
    orderId: `${prefix}-${String(n).padStart(5, '0')}`,
    placedAt,
    totalMinor: items.reduce((s, it) => s + it.quantity * it.unitPriceMinor, 0),
    currency: 'GBP',
    items,
    channel: CHANNELS[n % CHANNELS.length] ?? 'counter',
  };
}

/** The headers of a signed delivery: `x-vigil-timestamp` and `x-vigil-signature: v1=HMAC-SHA256(secret, "t.body")`. */
export function signedHeaders(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const t = String(Math.floor(nowMs / 1000));
  const sig = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-vigil-timestamp': t, 'x-vigil-signature': `v1=${sig}` };
}

/** Posts one webhook event, signed; answers the status and JSON body. */
export async function postSigned(
  webhookUrl: string,
  secret: string,
  event: object,
): Promise<{ status: number; body: unknown; replayed: boolean }> {
  const body = JSON.stringify(event);
  const res = await fetch(webhookUrl, { method: 'POST', headers: signedHeaders(secret, body), body });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

/**
 * Posts an order every `everyMs` until stopped; every `disputeEvery`-th order is disputed a little later, as a
 * customer complaining through the delivery platform would.
 */
export function streamOrders(o: {
  webhookUrl: string;
  secret: string;
  everyMs: number;
  disputeEvery?: number;
  prefix?: string;
  log?: (line: string) => void;
}): { stop(): void } {
  let n = 0;
  const log = o.log ?? (() => {});
  const tick = async () => {
    n += 1;
    const order = posOrder(n, Date.now(), o.prefix);
    const r = await postSigned(o.webhookUrl, o.secret, { type: 'order.placed', order });
    log(`order ${order.orderId}: ${r.status}`);
    if (o.disputeEvery && n % o.disputeEvery === 0) {
      const d = await postSigned(o.webhookUrl, o.secret, {
        type: 'dispute.opened',
        orderId: order.orderId,
        reason: 'Customer says an item was missing',
        openedAt: Date.now(),
      });
      log(`dispute ${order.orderId}: ${d.status}`);
    }
  };
  const timer = setInterval(
    () => void tick().catch((e: unknown) => log(`order post failed: ${String(e)}`)),
    o.everyMs,
  );
  void tick().catch((e: unknown) => log(`order post failed: ${String(e)}`));
  return { stop: () => clearInterval(timer) };
}
