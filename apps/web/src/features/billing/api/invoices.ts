import { useQuery } from '@tanstack/react-query';
import { Invoice, InvoiceList } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { billingKeys } from './keys.ts';

/** GET /account/:uid/invoices: newest first. */
export const listInvoices = (uid: string): Promise<InvoiceList> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/invoices`, InvoiceList);

export const getInvoice = (uid: string, id: string): Promise<Invoice> =>
  apiFetch(`/account/${encodeURIComponent(uid)}/invoices/${encodeURIComponent(id)}`, Invoice);

export const useInvoices = (uid: string) =>
  useQuery({ queryKey: billingKeys.invoices(uid), queryFn: () => listInvoices(uid) });
export const useInvoice = (uid: string, id: string) =>
  useQuery({
    queryKey: billingKeys.invoice(uid, id),
    queryFn: () => getInvoice(uid, id),
    enabled: id !== '',
  });
