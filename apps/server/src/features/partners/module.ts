import type { CreateCustomerBody } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import { transactionOf } from '../../shared/ambient-transaction.ts';
import type { Caller } from '../../shared/caller.ts';
import { PartnerService } from './partner-service.ts';
import { PartnersRepository } from './partners-repository.ts';
import type {
  AuditPort,
  CameraCounts,
  CustomerCamerasPort,
  ManagedAccountsPort,
  SupportActivityPorts,
} from './ports.ts';
import { partnerRoutes } from './routes.ts';
import { SupportActivity, type SupportActivityKind } from './support-activity.ts';
import { supportActivityRoutes } from './support-routes.ts';
import { SupportService } from './support-service.ts';

/** Builds the partner portal and support tools (decision 0720): the hierarchy, its customers, support's search. */
export function createPartners(d: {
  db: Db;
  now: () => number;
  accounts: ManagedAccountsPort;
  cameraCounts: CameraCounts;
  audit: AuditPort;
  demoUid: () => Promise<string | undefined>;
  cameraUidds: (ownerUid: string) => Promise<string[]>;
  /** A customer's cameras with their status, for its partners' read-only view (decision 0872). */
  customerCameras: CustomerCamerasPort;
  activity: SupportActivityPorts;
}) {
  const repo = new PartnersRepository(d.db);
  const partners = new PartnerService({ ...d, repo, transaction: transactionOf(d.db) });
  const support = new SupportService({ ...d, repo, partners });
  const activity = new SupportActivity(d.activity, support);
  const routes: FeatureRoutes = async (app) => {
    await app.register(partnerRoutes, { partners, support, cameras: d.customerCameras });
    await app.register(supportActivityRoutes, { activity });
  };
  /** The free partner demo (spec 000 §3, §6): the demo account's installed cameras. */
  const demoCameras = async (): Promise<string[]> => {
    const uid = await d.demoUid();
    return uid ? [...(await d.cameraUidds(uid))] : [];
  };
  /** The account uid of the installer running a customer account, while neither it nor its distributor is suspended. */
  const installerOf = async (ownerUid: string): Promise<string | undefined> => {
    const customer = await repo.customer(ownerUid);
    const installer = customer && (await repo.find(customer.installer_id));
    if (!installer || installer.suspended_at !== null) return undefined;
    const distributor = installer.parent_id ? await repo.find(installer.parent_id) : undefined;
    return distributor?.suspended_at != null ? undefined : installer.uid;
  };
  /** The account uid of the distributor above the customer's installer, while neither is suspended (0854). */
  const distributorOf = async (ownerUid: string): Promise<string | undefined> => {
    const customer = await repo.customer(ownerUid);
    const installer = customer && (await repo.find(customer.installer_id));
    if (!installer?.parent_id || installer.suspended_at !== null) return undefined;
    const distributor = await repo.find(installer.parent_id);
    return distributor && distributor.suspended_at === null ? distributor.uid : undefined;
  };
  type Who = { kind: 'i' | 'd' | 's'; id: string | null };
  /** What another region's view of a partner needs of the portal here (features/regions, decisions 0618, 0620). */
  const directory = {
    who: async (caller: Caller) => {
      const scope = await partners.scope(caller);
      return { kind: scope.kind, id: scope.kind === 's' ? null : scope.partner.id };
    },
    customers: (caller: Caller, installerId?: string) => partners.listCustomers(caller, installerId),
    customersOf: (who: Who, installerId?: string) => partners.customersOfPartner(who, installerId),
    customer: (caller: Caller, uid: string) => partners.getCustomer(caller, uid),
    customerOf: (who: Who, uid: string) => partners.customerOfPartner(who, uid),
    createCustomer: (caller: Caller, body: CreateCustomerBody) => partners.createCustomer(caller, body),
    createCustomerFor: (who: Who, body: CreateCustomerBody) => partners.createCustomerFor(who, body),
    search: (caller: Caller, q: string) => support.search(caller, q),
    searchFor: (q: string) => support.searchFor(q),
    supportAccount: (caller: Caller, uid: string) => support.account(caller, uid),
    supportAccountFor: (uid: string) => support.accountFor(uid),
    supportActivity: (caller: Caller, uid: string, what: SupportActivityKind, before?: string) =>
      activity.read(caller, uid, what, before),
    supportActivityFor: (uid: string, what: SupportActivityKind, before?: string) =>
      activity.readFor(uid, what, before),
  };
  return { partners, support, routes, demoCameras, installerOf, distributorOf, directory };
}
