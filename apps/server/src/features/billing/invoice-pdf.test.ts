import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Invoice } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice-pdf.ts';

const invoice = (taxRate: number | undefined): Invoice => ({
  id: 'inv1',
  uid: 'u1',
  plan: { resolution: '2MP', mode: 'rom', storageDays: 30, interval: 'monthly', cameras: 2, addons: [] },
  price: {
    lines: [{ item: 'cameras', quantity: 2, unitFee: 2.79, amount: 5.58 }],
    subtotal: 5.58,
    tax: taxRate === undefined ? 1.12 : 0.42,
    total: taxRate === undefined ? 6.7 : 6.0,
    currency: { code: 'EUR', symbol: '€' },
    renewalFrequency: 1,
    ...(taxRate === undefined ? {} : { taxRate }),
  },
  status: 'open',
  provider: 'test',
  kind: 'subscription',
  createdAt: Date.UTC(2026, 10, 24),
  paidAt: null,
  number: 7,
  cardLast4: null,
});

async function text(inv: Invoice): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-invoice-')), 'invoice.pdf');
  writeFileSync(file, await invoicePdf(inv, { organisation: 'Acme', email: 'a@example.com' }, 'Vigil'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the tax line of an invoice PDF (decision 0752)', () => {
  it('shows the rate the tax was computed at, and no rate on a price stored before rates were kept', async () => {
    expect(await text(invoice(7.5))).toMatch(/Tax 7\.5%\s+EUR 0\.42/);
    const old = await text(invoice(undefined));
    expect(old).toMatch(/Tax\s+EUR 1\.12/);
    expect(old).not.toContain('%');
  });
});
