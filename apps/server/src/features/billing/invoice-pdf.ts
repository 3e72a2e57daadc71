import { type Invoice, invoiceNumber } from '@vigil/contracts';
import PDFDocument from 'pdfkit';

/** Who the invoice is to: the account's organisation and its owner's e-mail. */
export interface BillTo {
  organisation: string;
  email: string;
}

/** Amounts on the invoice: the currency's code then the figure with 2 decimals ("GBP 1,234.50"), whatever the
 * currency's symbol: PDF's standard fonts carry only Latin-1 glyphs, and a code is unambiguous on paper. */
export const invoiceMoney = (amount: number, currency: string): string =>
  `${currency} ${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** The tax line's label with the rate it was computed at ("Tax 20%", "Tax 7.5%"); a price without one: "Tax". */
export const taxLabel = (rate: number | undefined): string =>
  rate === undefined
    ? 'Tax'
    : `Tax ${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(rate)}%`;

/** The invoice's date (UTC, ISO: one reading in every country). */
export const invoiceDate = (at: number): string => new Date(at).toISOString().slice(0, 10);

const ITEM_TEXT: Readonly<Record<string, string>> = {
  cameras: 'Cameras',
  objects: 'Object detection, per camera',
  vehicles: 'Licence plate recognition, per camera',
  people: 'People counting, per camera',
  ppe: 'PPE detection, per camera',
};
const MODE_TEXT = { rom: 'record on motion', continuous: 'continuous recording' } as const;

/** The plan in words: "2MP, record on motion, 30 days of storage, monthly". */
export const planLine = (p: Invoice['plan']): string =>
  `${p.resolution}, ${MODE_TEXT[p.mode]}, ${p.storageDays} days of storage, ${p.interval}`;

const STATUS_TEXT: Readonly<Record<Invoice['status'], string>> = {
  open: 'Due',
  failed: 'Due (last payment failed)',
  paid: 'Paid',
  void: 'Cancelled',
};

/**
 * An invoice as a PDF (decision 0742), made with pdfkit: number, date, issuer, organisation, one row per price
 * line, subtotal, tax, total in the invoice's currency, and whether it is paid. Text is drawn as text (not
 * outlines), so the figures can be read back (pdftotext) and copied.
 */
export function invoicePdf(inv: Invoice, to: BillTo, issuer: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Invoice ${invoiceNumber(inv.number)}`,
      Author: issuer,
      CreationDate: new Date(inv.createdAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const code = inv.price.currency.code;
  const money = (n: number) => invoiceMoney(n, code);
  doc.font('Helvetica-Bold').fontSize(20).text(issuer);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Invoice ${invoiceNumber(inv.number)}`);
  doc.text(`Date: ${invoiceDate(inv.createdAt)}`);
  doc.text(`Status: ${STATUS_TEXT[inv.status]}${inv.paidAt ? ` on ${invoiceDate(inv.paidAt)}` : ''}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica').text(to.organisation || to.email);
  if (to.organisation) doc.text(to.email);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Plan');
  doc.font('Helvetica').text(planLine(inv.plan));
  doc.moveDown();
  const cols = { item: 56, qty: 300, unit: 360, amount: 460 } as const;
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells[0], cols.item, y, { width: 236 });
    const after = doc.y;
    doc.text(cells[1], cols.qty, y, { width: 50, align: 'right' });
    doc.text(cells[2], cols.unit, y, { width: 90, align: 'right' });
    doc.text(cells[3], cols.amount, y, { width: 80, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row(['Item', 'Qty', 'Unit price', 'Amount'], true);
  for (const l of inv.price.lines)
    row([ITEM_TEXT[l.item] ?? l.item, String(l.quantity), money(l.unitFee), money(l.amount)]);
  doc.moveDown(0.5);
  row(['Subtotal', '', '', money(inv.price.subtotal)]);
  row([taxLabel(inv.price.taxRate), '', '', money(inv.price.tax)]);
  row([`Total (${code})`, '', '', money(inv.price.total)], true);
  doc.moveDown();
  const period = inv.price.renewalFrequency === 12 ? 'a year' : 'a month';
  doc.font('Helvetica').fontSize(9).text(`Prices are for ${period}.`, cols.item, doc.y);
  doc.end();
  return done;
}
