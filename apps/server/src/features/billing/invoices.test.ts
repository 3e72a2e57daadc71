import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { withOpenInvoice } from './testing.ts';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** A self-registered user with an open GBP invoice for 3 cameras: 3 × 2.39 = 7.17, VAT 1.43, total 8.60. */
async function withInvoice(t: TestApp, email: string) {
  const u = await withOpenInvoice(t, email);
  return { uid: u.uid, token: u.token, invoice: u.checkout.invoice as { id: string; number: number } };
}

/** The text of a PDF as poppler's pdftotext reads it (layout kept, so a row stays on one line). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-invoice-'));
  writeFileSync(join(dir, 'invoice.pdf'), bytes);
  return execFileSync('pdftotext', ['-layout', join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
}

describeEachDb(
  'billing: invoices as PDF, PayPal, consents',
  (ctx) => {
    it('serves a paid invoice as a PDF whose text shows its number, organisation, lines, tax and total', async () => {
      const t = ctx();
      const u = await withInvoice(t, 'pdf@example.com');
      const paid = await t.call({
        method: 'POST',
        url: `/account/${u.uid}/invoices/${u.invoice.id}/pay`,
        token: u.token,
        payload: { provider: 'test', card: GOOD_CARD },
      });
      expect(paid.json.invoice).toMatchObject({ status: 'paid', cardLast4: '4242', number: 1 });
      const res = await t.app.inject({
        method: 'GET',
        url: `/account/${u.uid}/invoices/${u.invoice.id}/pdf`,
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('inline; filename="INV-000001.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Invoice INV-000001');
      expect(text).toContain('pdf@example.com');
      expect(text).toMatch(/Subtotal\s+GBP 7\.17/);
      expect(text).toMatch(/Tax 20%\s+GBP 1\.43/);
      expect(text).toMatch(/Total \(GBP\)\s+GBP 8\.60/);
      expect(text).toMatch(/Cameras\s+3\s+GBP 2\.39\s+GBP 7\.17/);
      expect(text).toContain('2MP, record on motion, 30 days of storage, monthly');
      expect(text).toContain('Status: Paid');

      // Someone else's invoice is not found, as if it did not exist.
      const other = await withInvoice(t, 'other@example.com');
      expect(other.invoice.number).toBe(2);
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/account/${other.uid}/invoices/${other.invoice.id}/pdf`,
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(theirs.statusCode).toBe(403);
    });

    it('pays with PayPal through the stand-in: approve, come back with the token, capture once', async () => {
      const t = ctx();
      const u = await withInvoice(t, 'paypal@example.com');
      const base = `/account/${u.uid}/invoices/${u.invoice.id}/paypal`;
      const start = await t.call({ method: 'POST', url: base, token: u.token });
      expect(start.status, JSON.stringify(start.json)).toBe(200);
      const { token, approvalUrl } = start.json as { token: string; approvalUrl: string };
      expect(approvalUrl).toBe(`/paypal-confirm?invoice=${u.invoice.id}&token=${token}`);
      const wrong = await t.call({
        method: 'POST',
        url: `${base}/capture`,
        token: u.token,
        payload: { token: 'STANDIN-forged' },
      });
      expect(wrong.status).toBe(402);
      expect(wrong.json.code).toBe('payment_declined');
      const capture = () =>
        t.call({ method: 'POST', url: `${base}/capture`, token: u.token, payload: { token } });
      const paid = await capture();
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(paid.json.invoice).toMatchObject({ status: 'paid', provider: 'paypal', cardLast4: null });
      expect(paid.json.subscription).toMatchObject({ state: 'active', provider: 'paypal' });
      expect((await capture()).json.invoice.paidAt).toBe(paid.json.invoice.paidAt);
      const steps = await t.call({ method: 'GET', url: `/account/${u.uid}/selfreg/steps`, token: u.token });
      expect(steps.json.incompleteSelfRegSteps).toEqual([]);
    });

    it('captures a PayPal approval given before the server restarted (approvals are stored)', async () => {
      const t = ctx();
      const u = await withInvoice(t, 'paypal-restart@example.com');
      const base = `/account/${u.uid}/invoices/${u.invoice.id}/paypal`;
      const { token } = (await t.call({ method: 'POST', url: base, token: u.token })).json as {
        token: string;
      };
      // Another process on the same database: what the first one held in memory is gone.
      const again = await buildApp({ config: t.config, database: t.db, now: t.clock.now, logger: false });
      try {
        const paid = await again.inject({
          method: 'POST',
          url: `${base}/capture`,
          headers: { authorization: `Bearer ${u.token}` },
          payload: { token },
        });
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json().invoice).toMatchObject({ status: 'paid', provider: 'paypal' });
      } finally {
        await again.close();
      }
    });

    it('keeps consents off until the account turns them on; withdrawing training forgets its samples', async () => {
      const t = ctx();
      const u = await withInvoice(t, 'consent@example.com');
      const url = `/account/${u.uid}/consents`;
      const none = await t.call({ method: 'GET', url, token: u.token });
      expect(none.json).toEqual({ aiTraining: false, partnerDemo: false, updatedAt: null });
      const on = await t.call({ method: 'PUT', url, token: u.token, payload: { aiTraining: true } });
      expect(on.json).toMatchObject({ aiTraining: true, partnerDemo: false });
      expect(typeof on.json.updatedAt).toBe('number');
      const dir = t.config.TRAINING_SAMPLES_DIR as string;
      writeFileSync(join(dir, 'placeholder'), '');
      mkdirSync(join(dir, u.uid));
      writeFileSync(join(dir, u.uid, 'kept.jpg'), '');
      expect((await t.call({ method: 'PUT', url, token: u.token, payload: {} })).status).toBe(400);
      const other = await withInvoice(t, 'stranger@example.com');
      const refused = await t.call({
        method: 'PUT',
        url,
        token: other.token,
        payload: { partnerDemo: true },
      });
      expect(refused.status).toBe(403);
      const off = await t.call({ method: 'PUT', url, token: u.token, payload: { aiTraining: false } });
      expect(off.json.aiTraining).toBe(false);
      // The account's samples are gone; nobody else's are touched.
      expect(readdirSync(dir)).toEqual(['placeholder']);
    });
  },
  () => ({
    SELF_REG_INSTALLER_IDS: 'SELF1',
    TRAINING_SAMPLES_DIR: mkdtempSync(join(tmpdir(), 'vigil-training-')),
  }),
);
