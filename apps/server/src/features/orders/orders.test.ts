import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { syntheticRecording } from '../recordings/testing.ts';
import { deliver } from './testing.ts';

/**
 * Takeaway orders through the real app on both databases (decisions 0840–0842): the signed webhook, idempotency,
 * the till camera's recording, disputes, the dashboard and who may see what.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ITEMS = [{ name: 'Chicken tikka', quantity: 2, unitPriceMinor: 895 }];

describeEachDb(
  'takeaway orders',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let secret: string;
    let till: string;
    let placedAt: number;
    const order = (orderId: string, extra: object = {}) => ({
      type: 'order.placed',
      order: {
        orderId,
        placedAt,
        totalMinor: 1790,
        currency: 'GBP',
        items: ITEMS,
        channel: 'counter',
        ...extra,
      },
    });

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      till = await insertCamera(t, owner.uid, { name: 'Till' });
      placedAt = t.clock.now() - 120_000;
      // Four seconds recorded a minute after the order: inside its clip (one minute before to four after).
      await syntheticRecording(t.db.db, t.config.DATA_DIR, till as never, { endMs: placedAt + 64_000 });
      const rotated = await t.call({
        method: 'POST',
        url: `/takeaway/${owner.uid}/settings/secret`,
        token: owner.token,
      });
      expect(rotated.status).toBe(200);
      secret = rotated.json.secret;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const set = await t.call({
        method: 'PUT',
        url: `/takeaway/${owner.uid}/settings`,
        token: owner.token,
        payload: { tillCamera: till },
      });
      expect(set.json).toEqual({
        tillCamera: till,
        webhookPath: `/takeaway/webhook/${owner.uid}`,
        secretCreatedAt: t.clock.now(),
      });
    });

    it('imports a signed order once: a repeat answers the same, other contents under its id are refused', async () => {
      const first = await deliver(t, owner.uid, secret, order('POS-1001'));
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ id: expect.any(String), orderId: 'POS-1001' });
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await deliver(t, owner.uid, secret, order('POS-1001'));
      expect({
        status: again.status,
        json: again.json,
        replayed: again.headers['idempotent-replayed'],
      }).toEqual({
        status: 200,
        json: first.json,
        replayed: 'true',
      });
      // The same order with its keys in another order and other spacing is the same order.
      const reordered = `{ "order": {"items": ${JSON.stringify(ITEMS)}, "channel":"counter", "currency":"GBP", "totalMinor":1790, "placedAt":${placedAt}, "orderId":"POS-1001"}, "type":"order.placed" }`;
      expect((await deliver(t, owner.uid, secret, null, { raw: reordered })).json).toEqual(first.json);
      const changed = await deliver(t, owner.uid, secret, order('POS-1001', { totalMinor: 1 }));
      expect({ status: changed.status, code: changed.json.code, message: changed.json.error }).toEqual({
        status: 409,
        code: 'order_conflict',
        message: 'Order POS-1001 was already received with other contents; send changes under a new order id',
      });
      const list = await t.call({
        method: 'GET',
        url: `/takeaway/${owner.uid}/orders?from=${placedAt - 1}&to=${placedAt + 1}`,
        token: owner.token,
      });
      expect(list.json.map((o: { orderId: string }) => o.orderId)).toEqual(['POS-1001']);
    });

    it('stores one order when two deliveries of it race', async () => {
      // Two days earlier: out of the day the other tests count.
      const early = order('POS-1500', { placedAt: placedAt - 2 * 86_400_000 });
      const [a, b] = await Promise.all([
        deliver(t, owner.uid, secret, early),
        deliver(t, owner.uid, secret, early),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.json).toEqual(b.json);
      // Exactly one of the two was the first.
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual([
        'true',
      ]);
      const rows = await t.db.db
        .selectFrom('takeaway_orders')
        .select('id')
        .where('vendor_order_id', '=', 'POS-1500')
        .execute();
      expect(rows).toEqual([{ id: a.json.id }]);
    });

    it('refuses unsigned, badly signed, stale and unknown-account deliveries with 401', async () => {
      const body = order('POS-2001');
      const outcome = async (p: Promise<{ status: number; json: { code: string } }>) => {
        const r = await p;
        return `${r.status} ${r.json.code}`;
      };
      expect(await outcome(deliver(t, owner.uid, 'whsec_wrong', body))).toBe('401 signature_invalid');
      expect(await outcome(deliver(t, owner.uid, secret, body, { skewSec: -301 }))).toBe(
        '401 signature_expired',
      );
      expect(await outcome(deliver(t, owner.uid, secret, body, { skewSec: 301 }))).toBe(
        '401 signature_expired',
      );
      expect(await outcome(deliver(t, 'nobody', secret, body))).toBe('401 signature_invalid');
      const unsigned = await t.call({
        method: 'POST',
        url: `/takeaway/webhook/${owner.uid}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(`${unsigned.status} ${unsigned.json.code}`).toBe('401 signature_invalid');
      // Signed but not an order: the body is checked after the signature.
      expect(await outcome(deliver(t, owner.uid, secret, { type: 'order.placed' }))).toBe('400 bad_request');
      const none = await t.call({
        method: 'GET',
        url: `/takeaway/${owner.uid}/orders?from=${placedAt - 1}&to=${placedAt + 1}&status=none`,
        token: owner.token,
      });
      expect(none.json.map((o: { orderId: string }) => o.orderId)).toEqual(['POS-1001']);
    });

    it('links an order to the till camera’s recording around its time', async () => {
      const { json } = await deliver(t, owner.uid, secret, order('POS-3001'));
      const detail = await t.call({
        method: 'GET',
        url: `/takeaway/${owner.uid}/orders/${json.id}`,
        token: owner.token,
      });
      expect(detail.json).toEqual({
        id: json.id,
        orderId: 'POS-3001',
        placedAt,
        totalMinor: 1790,
        currency: 'GBP',
        items: ITEMS,
        channel: 'counter',
        clip: { uidd: till, startMs: placedAt - 60_000, endMs: placedAt + 240_000 },
        dispute: null,
        notes: [],
        recorded: true,
      });
    });

    it('moves disputes open → won / lost with notes and refuses every other move', async () => {
      const { json } = await deliver(t, owner.uid, secret, order('POS-4001'));
      const url = `/takeaway/${owner.uid}/orders/${json.id}/dispute`;
      const move = (to: string, note: string) =>
        t.call({ method: 'POST', url, token: owner.token, payload: { to, note } });
      const early = await move('won', 'x');
      expect({ status: early.status, code: early.json.code, message: early.json.error }).toEqual({
        status: 409,
        code: 'dispute_transition',
        message: 'This order has no dispute: open one before marking it won',
      });
      const opened = await deliver(t, owner.uid, secret, {
        type: 'dispute.opened',
        orderId: 'POS-4001',
        reason: 'Missing naan',
        openedAt: placedAt + 60_000,
      });
      expect(opened.json).toEqual(json);
      const repeat = await deliver(t, owner.uid, secret, {
        type: 'dispute.opened',
        orderId: 'POS-4001',
        reason: 'Missing naan',
        openedAt: placedAt + 60_000,
      });
      expect([repeat.json, repeat.headers['idempotent-replayed']]).toEqual([json, 'true']);
      expect((await move('open', 'again')).json.error).toBe('This dispute is already open');
      const won = await move('won', 'The clip shows the naan going into the bag at 12:01');
      expect(won.status).toBe(200);
      expect({ dispute: won.json.dispute, notes: won.json.notes }).toEqual({
        dispute: { status: 'won', reason: 'Missing naan', openedAt: placedAt + 60_000 },
        notes: [
          { at: placedAt + 60_000, from: null, to: 'open', note: 'Missing naan', byEmail: null },
          {
            at: t.clock.now(),
            from: 'open',
            to: 'won',
            note: 'The clip shows the naan going into the bag at 12:01',
            byEmail: owner.email,
          },
        ],
      });
      const late = await move('lost', 'changed my mind');
      expect([late.status, late.json.error]).toEqual([
        409,
        'This dispute is won, which is final: it cannot become lost',
      ]);
      expect((await move('won', '   ')).status).toBe(400);
      const unknown = await deliver(t, owner.uid, secret, {
        type: 'dispute.opened',
        orderId: 'POS-none',
        reason: 'x',
        openedAt: placedAt,
      });
      expect([unknown.status, unknown.json.error]).toEqual([404, 'No order POS-none was received']);
    });

    it('filters the list by dispute state and counts orders and disputes per day', async () => {
      const q = `from=${placedAt - 1}&to=${placedAt + 1}`;
      const ids = async (status: string) =>
        (
          await t.call({
            method: 'GET',
            url: `/takeaway/${owner.uid}/orders?${q}&status=${status}`,
            token: owner.token,
          })
        ).json.map((o: { orderId: string }) => o.orderId);
      expect(await ids('won')).toEqual(['POS-4001']);
      expect(await ids('disputed')).toEqual(['POS-4001']);
      expect(await ids('open')).toEqual([]);
      expect((await ids('none')).sort()).toEqual(['POS-1001', 'POS-3001']);
      const day = new Date(placedAt).toISOString().slice(0, 10);
      const from = Date.parse(`${day}T00:00:00Z`);
      const dash = await t.call({
        method: 'GET',
        url: `/takeaway/${owner.uid}/dashboard?from=${from}&to=${from + 86_400_000}&tz=UTC`,
        token: owner.token,
      });
      // The dispute opened a minute after the order: the same day unless the order came in the last minute of one.
      const disputeDay = new Date(placedAt + 60_000).toISOString().slice(0, 10);
      expect(dash.json).toEqual({
        days: [{ day, orders: 3, disputes: disputeDay === day ? 1 : 0 }],
        disputes: disputeDay === day ? { open: 0, won: 1, lost: 0 } : { open: 0, won: 0, lost: 0 },
      });
    });

    it('shows orders to the account’s end users only: members by level, never installers or support', async () => {
      const { json } = await deliver(t, owner.uid, secret, order('POS-5001'));
      const viewer = await addMember(t, owner, 'viewonly');
      const live = await addMember(t, owner, 'liveonly');
      const admin = await addMember(t, owner, 'admin');
      const stranger = await signedInUser(t);
      const support = await signedInUser(t, 's');
      const status = async (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        (await t.call({ method, url: `/takeaway/${owner.uid}${url}`, token: who.token, payload })).status;
      const read = `/orders/${json.id}`;
      const decide = [`/orders/${json.id}/dispute`, { to: 'open', note: 'Customer called' }] as const;
      expect(
        await Promise.all([
          status(viewer, 'GET', read),
          status(live, 'GET', read),
          status(stranger, 'GET', read),
          status(support, 'GET', read),
          status(viewer, 'POST', ...decide),
          status(admin, 'PUT', '/settings', { tillCamera: null }),
          status(admin, 'POST', ...decide),
        ]),
      ).toEqual([200, 403, 404, 403, 403, 403, 200]);
      const foreign = await insertCamera(t, stranger.uid);
      const other = await t.call({
        method: 'PUT',
        url: `/takeaway/${owner.uid}/settings`,
        token: owner.token,
        payload: { tillCamera: foreign },
      });
      expect([other.status, other.json.error]).toEqual([
        400,
        'The till camera must be one of this account’s cameras',
      ]);
    });
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-orders-'));
    dirs.push(dir);
    return { DATA_DIR: dir };
  },
);
