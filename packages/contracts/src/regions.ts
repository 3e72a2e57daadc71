import { z } from 'zod';
import { Customer } from './partners.ts';

/**
 * A partner's customers across the deployment's regions (decision 0618): each with the region whose database holds
 * the account, and the regions that did not answer (the list is then partial, not refused). Asked with the
 * portal's `CustomersQuery`.
 */
export const RegionalCustomer = Customer.extend({ region: z.string() });
export type RegionalCustomer = z.infer<typeof RegionalCustomer>;
export const RegionalCustomerList = z.object({
  /** The region that answered (the caller's): its customers open in this portal, the others' in theirs. */
  region: z.string(),
  customers: z.array(RegionalCustomer),
  unavailable: z.array(z.string()),
});
export type RegionalCustomerList = z.infer<typeof RegionalCustomerList>;
