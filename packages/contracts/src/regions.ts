import { z } from 'zod';
import { Uid } from './ids.ts';
import { Customer, SupportAccount, SupportAccountDetail } from './partners.ts';

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

/** A region's name, as REGION and REGION_MAP spell it. */
export const RegionName = z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a region name');
/** A customer's page in any region (decision 0620): the region holding the account, and its uid there. */
export const RegionalCustomerParams = z.strictObject({ region: RegionName, customerUid: Uid });
export const RegionParams = z.strictObject({ region: RegionName });

/** Support's search across regions (decision 0620): each account with its region, the regions that did not answer. */
export const RegionalSupportAccount = SupportAccount.extend({ region: z.string() });
export type RegionalSupportAccount = z.infer<typeof RegionalSupportAccount>;
export const RegionalSupportSearchResult = z.object({
  region: z.string(),
  accounts: z.array(RegionalSupportAccount),
  unavailable: z.array(z.string()),
});
export type RegionalSupportSearchResult = z.infer<typeof RegionalSupportSearchResult>;

/**
 * The deployment's regions as this server knows them (decision 0858): its own first, then the others it can ask
 * (REGION_MAP, when REGION_PEER_SECRET is set), sorted. The new-customer form's picker offers them.
 */
export const RegionList = z.object({ region: z.string(), regions: z.array(z.string()) });
export type RegionList = z.infer<typeof RegionList>;

/** Support's page of an account in any region (decision 0858): the account as its region's support sees it. */
export const RegionalSupportAccountDetail = SupportAccountDetail.extend({ region: z.string() });
export type RegionalSupportAccountDetail = z.infer<typeof RegionalSupportAccountDetail>;
export const RegionalSupportAccountParams = z.strictObject({ region: RegionName, uid: Uid });
