import type { PermissionLevel } from '@vigil/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { AccountAccess } from '../access/account-access.ts';

/**
 * Who may do what with an account's takeaway orders (decision 0842), on top of the access module's role on the
 * account. Spec 000 §6: takeaway orders are for end users only, so installers, distributors and support see none,
 * whatever their role. Reading an order is watching its clip: the levels that watch recordings. Deciding a
 * dispute changes the account's records: the managers. The till camera and the webhook's secret are the
 * account's configuration: the owner and co-owners.
 */
const DECIDERS: ReadonlySet<PermissionLevel> = new Set(['coowner', 'admin']);
const CONFIGURERS: ReadonlySet<PermissionLevel> = new Set(['coowner']);

export type OrderRight = 'read' | 'decide' | 'configure';

export class OrderAccess {
  readonly #accounts: AccountAccess;
  constructor(accounts: AccountAccess) {
    this.#accounts = accounts;
  }

  /** Throws 404 when the caller has no role on the account (its existence is not revealed), 403 without the right. */
  async require(caller: Caller, ownerUid: string, right: OrderRight): Promise<void> {
    const role = await this.#accounts.roleOn(caller, ownerUid);
    if (!role) throw notFound();
    if (caller.accountType !== 'u') throw forbidden('Takeaway orders are for end users only');
    if (role.kind === 'owner') return;
    if (role.kind !== 'member') throw forbidden();
    const levels = right === 'read' ? undefined : right === 'decide' ? DECIDERS : CONFIGURERS;
    const allowed = levels ? levels.has(role.level) : AccountAccess.allows(role, 'viewRecorded');
    if (!allowed) throw forbidden();
  }
}
