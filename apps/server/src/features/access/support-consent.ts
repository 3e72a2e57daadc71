import type { SupportAccess } from '@vigil/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess, AccountRole } from './account-access.ts';
import type { AuditWriter } from './ports.ts';
import type { SupportGrantRow, SupportGrantsRepository } from './support-grants-repository.ts';

const HOUR_MS = 3_600_000;

export interface SupportConsentDeps {
  grants: SupportGrantsRepository;
  access: AccountAccess;
  audit: AuditWriter;
  now: () => number;
}
const NONE: SupportAccess = { active: false, grantedAt: null, expiresAt: null, grantedBy: null };

/**
 * The customer's consent to support seeing its pictures and video (decision 0017): the owner or a co-owner grants it
 * for a while and may revoke it; both are written in the account's audit log. Support may read whether it has one.
 */
export class SupportConsent {
  readonly #d: SupportConsentDeps;
  constructor(d: SupportConsentDeps) {
    this.#d = d;
  }

  async get(caller: Caller, uid: string): Promise<SupportAccess> {
    const role = await this.#d.access.roleOn(caller, uid);
    if (!role) throw notFound();
    if (role.kind !== 'support') this.#assertGrantor(role);
    return this.#answer(await this.#d.grants.find(uid));
  }

  async grant(caller: Caller, uid: string, hours: number, ip: string): Promise<SupportAccess> {
    await this.#assertMayGrant(caller, uid);
    const now = this.#d.now();
    const row = {
      account_uid: uid,
      granted_by: caller.uid,
      granted_at: now,
      expires_at: now + hours * HOUR_MS,
    };
    await this.#d.grants.put(row);
    await this.#d.audit.record(uid, now, { uid: caller.uid, ip }, 'support.granted', {
      hours,
      expiresAt: row.expires_at,
    });
    return this.#answer(row);
  }

  async revoke(caller: Caller, uid: string, ip: string): Promise<SupportAccess> {
    await this.#assertMayGrant(caller, uid);
    const had = await this.#d.grants.find(uid);
    if (await this.#d.grants.remove(uid)) {
      // A grant that had already run out is removed quietly: there was no access left to revoke.
      const now = this.#d.now();
      if (had && had.expires_at > now)
        await this.#d.audit.record(uid, now, { uid: caller.uid, ip }, 'support.revoked', {});
    }
    return NONE;
  }

  async #assertMayGrant(caller: Caller, uid: string): Promise<void> {
    const role = await this.#d.access.roleOn(caller, uid);
    if (!role) throw notFound();
    this.#assertGrantor(role);
  }

  /** The owner and co-owners decide who sees the account's video; nobody else, support least of all. */
  #assertGrantor(role: AccountRole): void {
    if (role.kind === 'owner' || (role.kind === 'member' && role.level === 'coowner')) return;
    throw forbidden('Only the account owner or a co-owner can give or revoke support access');
  }

  #answer(row: SupportGrantRow | undefined): SupportAccess {
    if (!row || row.expires_at <= this.#d.now()) return NONE;
    return { active: true, grantedAt: row.granted_at, expiresAt: row.expires_at, grantedBy: row.granted_by };
  }
}
