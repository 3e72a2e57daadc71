import { invoiceNumber } from '@vigil/contracts';
import { sessionStore } from '../../../shared/session/store.ts';

/**
 * GET /account/:uid/invoices/:id/pdf (decision 0742): the PDF is served only with the Authorization header, so it
 * is fetched and handed to the browser as a download named after the invoice's number.
 */
export async function downloadInvoicePdf(
  uid: string,
  inv: { id: string; number: number | null },
): Promise<void> {
  const token = sessionStore.get()?.authToken;
  const res = await fetch(`/account/${encodeURIComponent(uid)}/invoices/${encodeURIComponent(inv.id)}/pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`invoice PDF: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${invoiceNumber(inv.number)}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once clicked; the URL only needs to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
