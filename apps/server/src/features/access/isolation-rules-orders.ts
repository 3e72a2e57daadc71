import type { TestApp } from '../../testing/harness.ts';
import type { SignedIn } from '../../testing/sessions.ts';
import { deliver } from '../orders/testing.ts';

// The takeaway orders' rows of the tenant-isolation matrix (isolation.test.ts), written out from decision 0842:
// orders, the dashboard and the settings for the levels that watch recordings; disputes for managers; the till
// camera and the webhook secret for the owner and co-owners. Support is refused, consent or not (spec 000 §6).
export interface OrderFixture {
  t: TestApp;
  owner: SignedIn;
}
type Role = 'owner' | 'coowner' | 'admin' | 'readonly' | 'viewonly';
const watchRecorded: Role[] = ['owner', 'coowner', 'admin', 'readonly', 'viewonly'];
const deciders: Role[] = ['owner', 'coowner', 'admin'];
const configurers: Role[] = ['owner', 'coowner'];
const DAY = 86_400_000;

/** A fresh order of the owner's account, through the signed webhook (a fresh secret each time: rules rotate it). */
async function freshOrder(f: OrderFixture): Promise<string> {
  const s = await f.t.call({
    method: 'POST',
    url: `/takeaway/${f.owner.uid}/settings/secret`,
    token: f.owner.token,
  });
  const orderId = `POS-${Math.random().toString(36).slice(2)}`;
  const body = {
    type: 'order.placed',
    order: { orderId, placedAt: f.t.clock.now(), totalMinor: 500, currency: 'GBP', items: [] },
  };
  return (await deliver(f.t, f.owner.uid, s.json.secret, body)).json.id;
}

export const ORDER_RULES = {
  'GET /takeaway/:uid/orders': {
    allow: watchRecorded,
    request: async (f: OrderFixture) => ({ url: `/takeaway/${f.owner.uid}/orders?from=0&to=${DAY}` }),
  },
  'GET /takeaway/:uid/orders/:id': {
    allow: watchRecorded,
    request: async (f: OrderFixture) => ({ url: `/takeaway/${f.owner.uid}/orders/${await freshOrder(f)}` }),
  },
  'POST /takeaway/:uid/orders/:id/dispute': {
    allow: deciders,
    request: async (f: OrderFixture) => ({
      url: `/takeaway/${f.owner.uid}/orders/${await freshOrder(f)}/dispute`,
      payload: { to: 'open', note: 'Customer says the order was cold' },
    }),
  },
  'GET /takeaway/:uid/dashboard': {
    allow: watchRecorded,
    request: async (f: OrderFixture) => ({
      url: `/takeaway/${f.owner.uid}/dashboard?from=0&to=${DAY}&tz=UTC`,
    }),
  },
  'GET /takeaway/:uid/settings': {
    allow: watchRecorded,
    request: async (f: OrderFixture) => ({ url: `/takeaway/${f.owner.uid}/settings` }),
  },
  'PUT /takeaway/:uid/settings': {
    allow: configurers,
    request: async (f: OrderFixture) => ({
      url: `/takeaway/${f.owner.uid}/settings`,
      payload: { tillCamera: null },
    }),
  },
  'POST /takeaway/:uid/settings/secret': {
    allow: configurers,
    request: async (f: OrderFixture) => ({ url: `/takeaway/${f.owner.uid}/settings/secret`, payload: {} }),
  },
};
