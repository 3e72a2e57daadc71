import type {
  CreateCustomerBody,
  CreatePartnerBody,
  Customer,
  CustomerList,
  Partner,
  PartnerList,
} from '@vigil/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { randomId } from '../../shared/random.ts';
import { coversPartner, installersIn, type PartnerScope, scopeOf } from './partner-scope.ts';
import type { PartnerRow, PartnersRepository } from './partners-repository.ts';
import type { AuditPort, CameraCounts, ManagedAccountsPort } from './ports.ts';

export interface PartnerDeps {
  repo: PartnersRepository;
  accounts: ManagedAccountsPort;
  cameraCounts: CameraCounts;
  audit: AuditPort;
  now: () => number;
  /**
   * Runs a new account's writes as one transaction (decision 0872): the user and organisation (auth), the partner
   * or customer link (here), the audit row and the invitation (its link and outbox row), all or none.
   */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
}

/** One partner per company name: compared trimmed, case- and space-insensitive. */
export const companyKey = (company: string) => company.trim().toLowerCase().replaceAll(/\s+/g, ' ');

/** A partner's code from its company: readable in URLs and support's search, unique by its random tail. */
export function partnerIdOf(company: string): string {
  const slug = companyKey(company)
    .normalize('NFKD')
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'partner'}-${randomId().slice(0, 6).toLowerCase()}`;
}

/**
 * The partner hierarchy (spec 000 §1, §6; decision 0720): support creates distributors, distributors create
 * installers, installers create customers. Every call is checked against the caller's subtree; what lies outside
 * it answers 404, the same as what does not exist.
 */
export class PartnerService {
  readonly #d: PartnerDeps;
  constructor(d: PartnerDeps) {
    this.#d = d;
  }

  scope(caller: Caller): Promise<PartnerScope> {
    return scopeOf(this.#d.repo, caller);
  }

  async createDistributor(caller: Caller, body: CreatePartnerBody): Promise<Partner> {
    const scope = await this.scope(caller);
    if (scope.kind !== 's') throw forbidden();
    if (body.distributorId) throw badRequest('A distributor has no distributor');
    return this.#createPartner(caller, 'd', body, null, 'Vigil support');
  }

  async createInstaller(caller: Caller, body: CreatePartnerBody): Promise<Partner> {
    const scope = await this.scope(caller);
    if (scope.kind === 'i') throw forbidden();
    if (scope.kind === 'd') {
      if (body.distributorId && body.distributorId !== scope.partner.id) throw notFound();
      return this.#createPartner(caller, 'i', body, scope.partner, scope.partner.company);
    }
    const parent = body.distributorId ? await this.#d.repo.find(body.distributorId) : undefined;
    if (body.distributorId && parent?.kind !== 'd') throw notFound('No such distributor');
    return this.#createPartner(caller, 'i', body, parent ?? null, 'Vigil support');
  }

  async #createPartner(
    caller: Caller,
    kind: 'i' | 'd',
    body: CreatePartnerBody,
    parent: PartnerRow | null,
    invitedBy: string,
  ): Promise<Partner> {
    return this.#d.transaction(() => this.#insertPartner(caller, kind, body, parent, invitedBy));
  }

  async #insertPartner(
    caller: Caller,
    kind: 'i' | 'd',
    body: CreatePartnerBody,
    parent: PartnerRow | null,
    invitedBy: string,
  ): Promise<Partner> {
    const key = companyKey(body.company);
    if (await this.#d.repo.companyTaken(key))
      throw conflict('A partner with this company name already exists', 'company_exists');
    const id = partnerIdOf(body.company);
    const uid = await this.#d.accounts.create({
      email: body.email,
      accountType: kind,
      company: body.company.trim(),
      installerId: kind === 'i' ? id : null,
      distributorId: kind === 'd' ? id : (parent?.id ?? null),
    });
    const row: PartnerRow = {
      id,
      kind,
      uid,
      parent_id: parent?.id ?? null,
      company: body.company.trim(),
      company_key: key,
      suspended_at: null,
      created_at: this.#d.now(),
    };
    await this.#d.repo.insert(row);
    await this.#audit(caller.uid, uid, { partnerId: id, kind });
    await this.#d.accounts.invite(uid, invitedBy);
    return (await this.#toPartners([row]))[0]!;
  }

  async listPartners(caller: Caller, kind: 'i' | 'd'): Promise<PartnerList> {
    const scope = await this.scope(caller);
    if (kind === 'd' && scope.kind !== 's') throw forbidden();
    if (kind === 'i' && scope.kind === 'i') throw forbidden();
    const rows = await this.#d.repo.list(kind, scope.kind === 'd' ? scope.partner.id : undefined);
    return { partners: await this.#toPartners(rows) };
  }

  async getPartner(caller: Caller, id: string): Promise<Partner> {
    const row = await this.#visiblePartner(caller, id);
    return (await this.#toPartners([row]))[0]!;
  }

  /** A partner by id with no caller's scope: for support signed in at another region (decision 0858). */
  async partnerById(id: string): Promise<Partner | undefined> {
    const row = await this.#d.repo.find(id);
    return row ? (await this.#toPartners([row]))[0] : undefined;
  }

  /** A distributor suspends its installers; support any partner. A partner cannot suspend itself. */
  async setSuspended(caller: Caller, id: string, suspended: boolean): Promise<Partner> {
    const scope = await this.scope(caller);
    const row = await this.#visiblePartner(caller, id, scope);
    if (scope.kind !== 's' && row.id === scope.partner.id) throw forbidden();
    await this.#d.repo.setSuspended(id, suspended ? this.#d.now() : null);
    return this.getPartner(caller, id);
  }

  /** Sends the partner's invitation again (a new set-password link): its distributor or support. */
  async resendInvitation(caller: Caller, id: string): Promise<true> {
    const scope = await this.scope(caller);
    const row = await this.#visiblePartner(caller, id, scope);
    if (scope.kind !== 's' && row.id === scope.partner.id) throw forbidden();
    const parent = row.parent_id ? await this.#d.repo.find(row.parent_id) : undefined;
    await this.#d.accounts.invite(
      row.uid,
      scope.kind === 's' ? 'Vigil support' : (parent?.company ?? 'Vigil'),
    );
    return true;
  }

  async #visiblePartner(caller: Caller, id: string, known?: PartnerScope): Promise<PartnerRow> {
    const scope = known ?? (await this.scope(caller));
    const row = await this.#d.repo.find(id);
    if (!row || !coversPartner(scope, row)) throw notFound();
    return row;
  }

  /** Only installers create customers (spec 000 §6); the owner is invited to set a password. */
  async createCustomer(caller: Caller, body: CreateCustomerBody): Promise<Customer> {
    const scope = await this.scope(caller);
    if (scope.kind !== 'i') throw forbidden('Only installers create customer accounts');
    const uid = await this.#createCustomer(scope.partner, caller.uid, body);
    return this.getCustomer(caller, uid);
  }

  /**
   * A customer made here for an installer another region vouches for (decision 0620), under its presence here: the
   * audit log names the presence's account. No presence here: 404; a suspended one: refused as a sign-in here would be.
   */
  async createCustomerFor(who: { kind: 'i' | 'd' | 's'; id: string | null }, body: CreateCustomerBody) {
    if (who.kind !== 'i') throw forbidden('Only installers create customer accounts');
    const installer = who.id ? await this.#d.repo.find(who.id) : undefined;
    if (installer?.kind !== 'i') throw notFound('This installer has no presence in this region');
    if (installer.suspended_at !== null) throw forbidden('This partner is suspended', 'partner_suspended');
    const uid = await this.#createCustomer(installer, installer.uid, body);
    return this.customerOfPartner(who, uid);
  }

  /** Every write of a new customer in one transaction (decision 0872): a failure midway leaves nothing. */
  #createCustomer(installer: PartnerRow, actorUid: string, body: CreateCustomerBody): Promise<string> {
    return this.#d.transaction(() => this.#insertCustomer(installer, actorUid, body));
  }

  async #insertCustomer(installer: PartnerRow, actorUid: string, body: CreateCustomerBody): Promise<string> {
    const uid = await this.#d.accounts
      .create({
        email: body.email,
        accountType: 'u',
        company: body.company.trim(),
        installerId: installer.id,
        distributorId: installer.parent_id,
      })
      .catch((err: unknown) => {
        // For a customer, an address already in use is someone's account: the spec's "user exists".
        if ((err as { code?: string }).code === 'email_exists')
          throw conflict('This e-mail already has an account', 'user_exists');
        throw err;
      });
    const t = this.#d.now();
    await this.#d.repo.insertCustomer({
      uid,
      installer_id: installer.id,
      company: body.company.trim(),
      created_at: t,
    });
    await this.#audit(actorUid, uid, { installerId: installer.id, company: installer.company });
    await this.#d.accounts.invite(uid, installer.company);
    return uid;
  }

  async listCustomers(caller: Caller, installerId?: string): Promise<CustomerList> {
    const scope = await this.scope(caller);
    const visible = await installersIn(this.#d.repo, scope);
    if (installerId !== undefined && visible && !visible.includes(installerId)) throw notFound();
    const ids = installerId !== undefined ? [installerId] : visible;
    // Support lists one installer's customers at a time: the whole service is its search's job.
    if (!ids) throw forbidden('Name an installer');
    return { customers: await this.#toCustomers(await this.#d.repo.customersOf(ids)) };
  }

  /**
   * The customers here of a partner another region vouches for (decision 0618): an installer's own, a distributor's
   * installers', or for support one installer's. A partner with no presence in this region has none here; one
   * suspended here is refused, as it would be if it signed in here.
   */
  async customersOfPartner(
    who: { kind: 'i' | 'd' | 's'; id: string | null },
    installerId?: string,
  ): Promise<CustomerList> {
    if (who.kind === 's' && installerId === undefined) throw forbidden('Name an installer');
    let ids = await this.#installersOf(who);
    if (installerId !== undefined) ids = ids ? ids.filter((id) => id === installerId) : [installerId];
    return { customers: await this.#toCustomers(await this.#d.repo.customersOf(ids ?? [])) };
  }

  /** One customer here of a partner (or support) another region vouches for (decision 0620); 404 outside it. */
  async customerOfPartner(who: { kind: 'i' | 'd' | 's'; id: string | null }, uid: string): Promise<Customer> {
    const row = await this.#d.repo.customer(uid);
    const ids = row ? await this.#installersOf(who) : [];
    if (!row || (ids && !ids.includes(row.installer_id))) throw notFound();
    return (await this.#toCustomers([row]))[0]!;
  }

  /**
   * The installers here under a partner another region vouches for: none without a presence here, every one for
   * support (undefined); a suspended presence is refused.
   */
  async #installersOf(who: { kind: 'i' | 'd' | 's'; id: string | null }): Promise<string[] | undefined> {
    if (who.kind === 's') return undefined;
    const partner = who.id ? await this.#d.repo.find(who.id) : undefined;
    if (!partner || partner.kind !== who.kind) return [];
    if (partner.suspended_at !== null) throw forbidden('This partner is suspended', 'partner_suspended');
    return who.kind === 'i' ? [partner.id] : (await this.#d.repo.list('i', partner.id)).map((p) => p.id);
  }

  async getCustomer(caller: Caller, customerUid: string): Promise<Customer> {
    const scope = await this.scope(caller);
    const row = await this.#d.repo.customer(customerUid);
    const visible = await installersIn(this.#d.repo, scope);
    if (!row || (visible && !visible.includes(row.installer_id))) throw notFound();
    return (await this.#toCustomers([row]))[0]!;
  }

  async #audit(actorUid: string, accountUid: string, details: Record<string, unknown>): Promise<void> {
    const email = (await this.#d.accounts.get(actorUid))?.email;
    await this.#d.audit.record(
      accountUid,
      this.#d.now(),
      { uid: actorUid, email },
      'partner.created',
      details,
    );
  }

  /** Rows to API partners with their totals, in three queries whatever the number of rows. */
  async #toPartners(rows: PartnerRow[]): Promise<Partner[]> {
    const distributors = rows.filter((r) => r.kind === 'd').map((r) => r.id);
    const [accounts, children] = await Promise.all([
      this.#d.accounts.many(rows.map((r) => r.uid)),
      this.#d.repo.installersOf(distributors),
    ]);
    const counts = await this.#d.repo.customerCounts([
      ...rows.filter((r) => r.kind === 'i').map((r) => r.id),
      ...children.map((c) => c.id),
    ]);
    const out: Partner[] = [];
    for (const r of rows) {
      const installers =
        r.kind === 'd' ? children.filter((c) => c.parent_id === r.id).map((c) => c.id) : [r.id];
      out.push({
        id: r.id,
        kind: r.kind,
        uid: r.uid,
        email: accounts.get(r.uid)?.email ?? '',
        company: r.company,
        parentId: r.parent_id,
        suspended: r.suspended_at !== null,
        accepted: accounts.get(r.uid)?.accepted ?? false,
        createdAt: r.created_at,
        installers: r.kind === 'd' ? installers.length : 0,
        customers: installers.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0),
      });
    }
    return out;
  }

  async #toCustomers(rows: { uid: string; installer_id: string; company: string; created_at: number }[]) {
    const uids = rows.map((r) => r.uid);
    const [accounts, cameras] = await Promise.all([this.#d.accounts.many(uids), this.#d.cameraCounts(uids)]);
    return rows.map(
      (r): Customer => ({
        uid: r.uid,
        email: accounts.get(r.uid)?.email ?? '',
        company: r.company,
        installerId: r.installer_id,
        createdAt: r.created_at,
        accepted: accounts.get(r.uid)?.accepted ?? false,
        cameras: cameras.get(r.uid) ?? 0,
      }),
    );
  }
}
