import type { AuditAction } from '@vigil/contracts';
import type { AccountMembersTable, CamerasTable } from '@vigil/db';

// What access reads or writes of other features' data. Access is the module every feature asks, so it imports
// none of them: app.ts hands it the accounts' memberships, the cameras' rows and the audit log, which fit these
// shapes (decision 0018).

/** A camera as its table holds it: what access decides on and what `require` hands back. */
export type CameraRow = CamerasTable;

/** The cameras feature's reads of its table. */
export interface CameraRows {
  find(uidd: string): Promise<CameraRow | undefined>;
  findMany(uidds: readonly string[]): Promise<CameraRow[]>;
  listByOwners(owners: readonly string[]): Promise<CameraRow[]>;
}

/** The account uid of the installer that runs a customer account, if any and not suspended (features/partners). */
export type InstallerOf = (ownerUid: string) => Promise<string | undefined>;

/** The account uid of the distributor above a customer account's installer, while neither is suspended. */
export type DistributorOf = (ownerUid: string) => Promise<string | undefined>;

/** The accounts feature's memberships: who is an additional user of which account, on which cameras. */
export interface Memberships {
  activeMembership(
    ownerUid: string,
    memberUid: string,
  ): Promise<(AccountMembersTable & { cameras: string[] }) | undefined>;
  membershipsOf(memberUid: string): Promise<Array<{ owner_uid: string }>>;
}

/** The audit feature's log, for support's consents and views (decision 0017). */
export interface AuditWriter {
  record(
    accountUid: string,
    at: number,
    actor: { uid?: string | undefined; ip?: string | undefined },
    action: AuditAction,
    details: Record<string, unknown>,
  ): Promise<void>;
}
