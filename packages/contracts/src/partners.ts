import { z } from 'zod';
import { Uid } from './ids.ts';

/**
 * The partner hierarchy (spec 000 §1, §6; decision 0720): support creates distributors, distributors create
 * installers, installers create customer accounts. Each partner sees only its own subtree.
 */
export const PartnerKind = z.enum(['i', 'd']);
export type PartnerKind = z.infer<typeof PartnerKind>;

/** A partner's code: what installerid / distributorid carry in the login result (spec 000 §3). */
export const PartnerId = z.string().regex(/^[a-z0-9-]{3,64}$/, 'must be a partner id');

/** Support's search answers at most this many accounts (decision 0720). */
export const SUPPORT_SEARCH_LIMIT = 50;

const company = z.string().trim().min(1).max(200);
const email = z.string().trim().toLowerCase().email().max(254);

/** A new distributor (by support) or installer (by a distributor, or by support naming the distributor). */
export const CreatePartnerBody = z.strictObject({
  company,
  email,
  /** Support only: the distributor a new installer belongs to. */
  distributorId: PartnerId.optional(),
});
export type CreatePartnerBody = z.input<typeof CreatePartnerBody>;

/** A new customer account, created by an installer; the owner is invited to set a password. */
export const CreateCustomerBody = z.strictObject({ company, email });
export type CreateCustomerBody = z.input<typeof CreateCustomerBody>;

export const Partner = z.object({
  id: z.string(),
  kind: PartnerKind,
  uid: z.string(),
  email: z.string(),
  company: z.string(),
  parentId: z.string().nullable(),
  suspended: z.boolean(),
  /** The partner's person has set a password (accepted the invitation). */
  accepted: z.boolean(),
  createdAt: z.number(),
  /** Installers of a distributor (0 for an installer). */
  installers: z.number(),
  /** Customer accounts under the partner (a distributor's: all its installers'). */
  customers: z.number(),
});
export type Partner = z.infer<typeof Partner>;
export const PartnerList = z.object({ partners: z.array(Partner) });
export type PartnerList = z.infer<typeof PartnerList>;

export const PartnerParams = z.strictObject({ partnerId: PartnerId });
export const PartnerSuspendBody = z.strictObject({ suspended: z.boolean() });

export const Customer = z.object({
  uid: z.string(),
  email: z.string(),
  company: z.string(),
  installerId: z.string(),
  createdAt: z.number(),
  /** The owner has set a password (accepted the invitation). */
  accepted: z.boolean(),
  cameras: z.number(),
});
export type Customer = z.infer<typeof Customer>;
export const CustomerList = z.object({ customers: z.array(Customer) });
export type CustomerList = z.infer<typeof CustomerList>;
export const CustomerParams = z.strictObject({ customerUid: Uid });
/**
 * A customer's cameras as its partners see them (decision 0872): names and online or offline, never pictures or
 * video. Its installer and the distributor above that installer read it; the plan is billing's.
 */
export const CustomerCamera = z.object({
  uidd: z.string(),
  name: z.string(),
  status: z.enum(['online', 'offline']),
});
export type CustomerCamera = z.infer<typeof CustomerCamera>;
export const CustomerCameraList = z.object({ cameras: z.array(CustomerCamera) });
export type CustomerCameraList = z.infer<typeof CustomerCameraList>;
export const CustomersQuery = z.strictObject({ installerId: PartnerId.optional() });

/** Support (spec 000 §6: support only): accounts by e-mail (prefix), uid, installer id or camera (owner.device). */
export const SupportSearchQuery = z.strictObject({ q: z.string().trim().min(1).max(254) });
export const SupportAccount = z.object({
  uid: z.string(),
  email: z.string(),
  accountType: z.enum(['u', 'i', 'd', 's']),
  installerId: z.string().nullable(),
  createdAt: z.number(),
});
export type SupportAccount = z.infer<typeof SupportAccount>;
export const SupportSearchResult = z.object({ accounts: z.array(SupportAccount) });
export type SupportSearchResult = z.infer<typeof SupportSearchResult>;
export const SupportAccountParams = z.strictObject({ uid: Uid });
export const SupportAccountDetail = SupportAccount.extend({
  accepted: z.boolean(),
  partner: Partner.nullable(),
  customerOf: z.string().nullable(),
  cameras: z.number(),
});
export type SupportAccountDetail = z.infer<typeof SupportAccountDetail>;
/** The slowest endpoints by p99 of their recent answers (GET /support/metrics/endpoints, the health screen). */
export const EndpointTimingList = z.object({
  endpoints: z.array(
    z.object({ route: z.string(), count: z.number(), p50Ms: z.number(), p99Ms: z.number() }),
  ),
});
export type EndpointTimingList = z.infer<typeof EndpointTimingList>;

/** Support tools (spec-less; decision 0720): each is written to the account's audit log. */
export const SUPPORT_TOOLS = ['resend-invitation', 'password-reset', 'unlock-sign-in'] as const;
export const SupportToolParams = z.strictObject({ uid: Uid, tool: z.enum(SUPPORT_TOOLS) });
export const MoveAccountBody = z.strictObject({ installerId: PartnerId });
