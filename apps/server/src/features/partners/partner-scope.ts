import { forbidden, HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { PartnerRow, PartnersRepository } from './partners-repository.ts';

/** Whose subtree a caller sees (decision 0720): support all of it, a distributor its installers', an installer its own. */
export type PartnerScope =
  | { kind: 's' }
  | { kind: 'd'; partner: PartnerRow }
  | { kind: 'i'; partner: PartnerRow; distributor: PartnerRow | undefined };

const suspended = () =>
  new HttpError(403, 'partner_suspended', 'This partner account is suspended; contact your distributor');

/** The caller's scope; end users and partners without a partner record are refused. */
export async function scopeOf(repo: PartnersRepository, caller: Caller): Promise<PartnerScope> {
  if (caller.accountType === 's') return { kind: 's' };
  if (caller.accountType !== 'i' && caller.accountType !== 'd') throw forbidden();
  const partner = await repo.byUid(caller.uid);
  if (!partner || partner.kind !== caller.accountType) throw forbidden();
  if (partner.suspended_at !== null) throw suspended();
  if (partner.kind === 'd') return { kind: 'd', partner };
  const distributor = partner.parent_id ? await repo.find(partner.parent_id) : undefined;
  if (distributor?.suspended_at != null) throw suspended();
  return { kind: 'i', partner, distributor };
}

/** Whether the scope covers a partner: itself, a distributor's own installers, or anything for support. */
export function coversPartner(scope: PartnerScope, p: PartnerRow): boolean {
  if (scope.kind === 's') return true;
  if (p.id === scope.partner.id) return true;
  return scope.kind === 'd' && p.parent_id === scope.partner.id;
}

/** The installer ids whose customers the scope sees (undefined: all, for support). */
export async function installersIn(
  repo: PartnersRepository,
  scope: PartnerScope,
): Promise<string[] | undefined> {
  if (scope.kind === 's') return undefined;
  if (scope.kind === 'i') return [scope.partner.id];
  return (await repo.list('i', scope.partner.id)).map((p) => p.id);
}
