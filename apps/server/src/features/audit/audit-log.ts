import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import { AuditRepository, type AuditRow } from './audit-repository.ts';

/** Who did it: a signed-in user, or a share link's visitor, and from where. */
export interface AuditActor {
  uid?: string | undefined;
  email?: string | undefined;
  shareId?: string | undefined;
  ip?: string | undefined;
}

/** A new entry for an account's log; features build it and write it with `AuditLog.record` or in their own transaction. */
export function auditRow(
  accountUid: string,
  at: number,
  actor: AuditActor,
  action: AuditAction,
  details: Record<string, unknown>,
): AuditRow {
  return {
    id: crypto.randomUUID(),
    account_uid: accountUid,
    at,
    actor_uid: actor.uid ?? null,
    actor_email: actor.email ?? null,
    actor_share_id: actor.shareId ?? null,
    ip: actor.ip ?? null,
    action,
    details: JSON.stringify(details),
  };
}

/**
 * Writes an entry inside another feature's transaction (`tx`), so the entry and what it records commit together
 * (an evidence export and its 'export.completed'). The audit table is still written by this feature's repository.
 */
export function recordIn(tx: Db, row: AuditRow): Promise<void> {
  return new AuditRepository(tx).insert(row);
}

/** Row to API entry, in one place. */
export function auditEntryOf(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    action: r.action,
    actor: {
      ...(r.actor_uid ? { uid: r.actor_uid } : {}),
      ...(r.actor_email ? { email: r.actor_email } : {}),
      ...(r.actor_share_id ? { shareId: r.actor_share_id } : {}),
    },
    ip: r.ip,
    details: JSON.parse(r.details) as Record<string, unknown>,
  };
}

/**
 * The account audit log (decision 0506): what was done on an account and by whom, read by the account's owner and
 * co-owners only. Support and other levels are refused: it names people and addresses.
 */
export class AuditLog {
  readonly #repo: AuditRepository;
  readonly #access: AccountAccess;
  constructor(repo: AuditRepository, access: AccountAccess) {
    this.#repo = repo;
    this.#access = access;
  }

  async record(
    accountUid: string,
    at: number,
    actor: AuditActor,
    action: AuditAction,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.#repo.insert(auditRow(accountUid, at, actor, action, details));
  }

  async list(caller: Caller, accountUid: string, q: AuditQuery): Promise<AuditPage> {
    const role = await this.#access.roleOn(caller, accountUid);
    if (!role) throw notFound();
    if (role.kind !== 'owner' && !(role.kind === 'member' && role.level === 'coowner')) throw forbidden();
    const limit = q.limit ?? AUDIT_PAGE_SIZE;
    const before = q.before ? cursorOf(q.before) : undefined;
    // One more than asked: tells whether a next page exists without a count.
    const rows = await this.#repo.page(accountUid, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map(auditEntryOf),
      next: rows.length > limit && last ? `${last.at}:${last.id}` : null,
    };
  }
}

function cursorOf(s: string): { at: number; id: string } {
  const colon = s.indexOf(':');
  return { at: Number(s.slice(0, colon)), id: s.slice(colon + 1) };
}
