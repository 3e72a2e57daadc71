import type {
  AccountType,
  ActiveSession,
  SupportErrorReportPage,
  SupportProbeResult,
  SupportUsageLogPage,
  Uidd,
} from '@vigil/contracts';
import type { AuditActor } from '../audit/audit-log.ts';

/** What the partners feature asks of auth's users (auth's ManagedAccounts, handed in by app.ts). */
export interface ManagedAccountsPort {
  create(a: {
    email: string;
    accountType: AccountType;
    company: string;
    installerId: string | null;
    distributorId: string | null;
  }): Promise<string>;
  get(uid: string): Promise<ManagedAccountView | undefined>;
  many(uids: readonly string[]): Promise<Map<string, ManagedAccountView>>;
  search(q: string, limit: number): Promise<ManagedAccountView[]>;
  setPartner(uid: string, installerId: string | null, distributorId: string | null): Promise<void>;
  invite(uid: string, invitedBy: string): Promise<void>;
  startPasswordReset(uid: string): Promise<void>;
  unlockSignIn(uid: string): Promise<void>;
}

export interface ManagedAccountView {
  uid: string;
  email: string;
  accountType: AccountType;
  installerId: string | null;
  createdAt: number;
  accepted: boolean;
}

/** Installed cameras per owner (the cameras feature). */
export type CameraCounts = (ownerUids: readonly string[]) => Promise<Map<string, number>>;

/** An account's installed cameras, by name, with the status GET /cameras/status would answer (the cameras feature). */
export type CustomerCamerasPort = (
  ownerUid: string,
) => Promise<{ uidd: string; name: string; status: 'online' | 'offline' }[]>;

/** The account audit log (features/audit): partner and support actions are visible to the customer. */
export interface AuditPort {
  record(
    accountUid: string,
    at: number,
    actor: AuditActor,
    action: 'partner.created' | 'partner.moved' | 'support.tool',
    details: Record<string, unknown>,
  ): Promise<void>;
}

/**
 * What support's account page reads and does beyond the account itself (decision 0721): its sessions (auth's
 * account service), its browser reports (the reporting feature), and re-probing a camera (the cameras feature).
 */
export interface SupportActivityPorts {
  /** Auth's account service. */
  sessions: {
    sessionsForSupport(uid: string): Promise<ActiveSession[]>;
    endSessionForSupport(uid: string, seriesId: string): Promise<void>;
  };
  /** The reporting feature's service. */
  reports: {
    errorReportsOf(uid: string, before: string | undefined): Promise<SupportErrorReportPage>;
    usageLogsOf(uid: string, before: string | undefined): Promise<SupportUsageLogPage>;
  };
  /** The cameras feature's re-probe; undefined: no such installed camera. */
  probe: { reprobe(uidd: Uidd): Promise<SupportProbeResult | undefined> };
}
