import {
  SUPPORT_SEARCH_LIMIT,
  type SupportAccount,
  type SupportAccountDetail,
  type SupportSearchResult,
} from '@vigil/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { PartnerService } from './partner-service.ts';
import type { PartnersRepository } from './partners-repository.ts';
import type { AuditPort, CameraCounts, ManagedAccountsPort, ManagedAccountView } from './ports.ts';

export interface SupportDeps {
  repo: PartnersRepository;
  partners: PartnerService;
  accounts: ManagedAccountsPort;
  cameraCounts: CameraCounts;
  audit: AuditPort;
  now: () => number;
}

type Tool = 'resend-invitation' | 'password-reset' | 'unlock-sign-in';

const toAccount = (a: ManagedAccountView): SupportAccount => ({
  uid: a.uid,
  email: a.email,
  accountType: a.accountType,
  installerId: a.installerId,
  createdAt: a.createdAt,
});

/**
 * Support's search, account page and tools (spec 000 §6: support only; decision 0720). Every tool is written to
 * the account's audit log, so the customer sees what support did. Support never sets a password: it starts a reset.
 */
export class SupportService {
  readonly #d: SupportDeps;
  constructor(d: SupportDeps) {
    this.#d = d;
  }

  #support(caller: Caller): void {
    if (caller.accountType !== 's') throw forbidden();
  }

  /** By e-mail prefix, uid, installer id, or a camera (owner.device: its owner). */
  async search(caller: Caller, q: string): Promise<SupportSearchResult> {
    this.#support(caller);
    return this.searchFor(q);
  }

  /** The search for support signed in at another region, which vouches for it (decision 0620). */
  async searchFor(q: string): Promise<SupportSearchResult> {
    const owner =
      /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/.test(q) && !q.includes('@') ? q.split('.')[0]! : q;
    const rows = await this.#d.accounts.search(owner, SUPPORT_SEARCH_LIMIT);
    return { accounts: rows.map(toAccount) };
  }

  async account(caller: Caller, uid: string): Promise<SupportAccountDetail> {
    this.#support(caller);
    return this.accountFor(uid);
  }

  /** The account page for support signed in here or at another region, which vouches for it (decision 0858). */
  async accountFor(uid: string): Promise<SupportAccountDetail> {
    const a = await this.#d.accounts.get(uid);
    if (!a) throw notFound();
    const [partnerRow, customer, cameras] = await Promise.all([
      this.#d.repo.byUid(uid),
      this.#d.repo.customer(uid),
      this.#d.cameraCounts([uid]),
    ]);
    return {
      ...toAccount(a),
      accepted: a.accepted,
      partner: partnerRow ? ((await this.#d.partners.partnerById(partnerRow.id)) ?? null) : null,
      customerOf: customer?.installer_id ?? null,
      cameras: cameras.get(uid) ?? 0,
    };
  }

  async tool(caller: Caller, uid: string, tool: Tool): Promise<true> {
    this.#support(caller);
    const a = await this.#d.accounts.get(uid);
    if (!a) throw notFound();
    if (tool === 'resend-invitation') await this.#d.accounts.invite(uid, 'Vigil support');
    else if (tool === 'password-reset') await this.#d.accounts.startPasswordReset(uid);
    else await this.#d.accounts.unlockSignIn(uid);
    await this.record(caller, uid, 'support.tool', { tool });
    return true;
  }

  /** Moves a customer account to another installer (and that installer's distributor). */
  async move(caller: Caller, uid: string, installerId: string): Promise<SupportAccountDetail> {
    this.#support(caller);
    const [a, installer] = await Promise.all([this.#d.accounts.get(uid), this.#d.repo.find(installerId)]);
    if (a?.accountType !== 'u') throw notFound();
    if (installer?.kind !== 'i') throw notFound('No such installer');
    const from = (await this.#d.repo.customer(uid))?.installer_id ?? null;
    await this.#d.repo.setInstaller(uid, installerId, a.email, this.#d.now());
    await this.#d.accounts.setPartner(uid, installerId, installer.parent_id);
    await this.record(caller, uid, 'partner.moved', { from, to: installerId });
    return this.account(caller, uid);
  }

  /** Writes what support did to the account's audit log, which its owner reads (decision 0720). */
  async record(caller: Caller, uid: string, action: 'partner.moved' | 'support.tool', details: object) {
    const email = (await this.#d.accounts.get(caller.uid))?.email;
    await this.#d.audit.record(uid, this.#d.now(), { uid: caller.uid, email }, action, { ...details });
  }
}
