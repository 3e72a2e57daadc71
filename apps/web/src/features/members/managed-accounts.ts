import {
  ACTION_CODES,
  type AccountPermission,
  type Organisation,
  operationsOf,
  PERMISSION_LEVELS,
  type PermissionLevel,
} from '@vigil/contracts';

/** An account whose additional users the signed-in user may manage: their own, or one they co-own or admin. */
export interface ManagedAccount {
  ownerUid: string;
  /** Shown in the account picker: the organisation's name, the owner's e-mail otherwise. */
  label: string;
  /** The manager's own level there; 'owner' on their own account. */
  level: PermissionLevel | 'owner';
}

/** The level whose operation codes these are (account-permissions lists codes, decision 0010). */
export function levelOfOperations(operations: readonly string[]): PermissionLevel {
  const given = [...operations].sort().join(',');
  return PERMISSION_LEVELS.find((l) => [...operationsOf(l)].sort().join(',') === given) ?? 'none';
}

/** Own account first, then the accounts whose permissions include managing users, by label. */
export function managedAccounts(
  me: { uid: string; organisations: readonly Organisation[] },
  permissions: readonly AccountPermission[],
): ManagedAccount[] {
  const own = me.organisations.find((o) => o.ownerUid === me.uid);
  const others = permissions
    .filter((p) => p.object_uid !== me.uid && p.operations.includes(ACTION_CODES.manageUsers))
    .map(
      (p): ManagedAccount => ({
        ownerUid: p.object_uid,
        label: p.name || p.email,
        level: levelOfOperations(p.operations),
      }),
    )
    .sort((a, b) => a.label.localeCompare(b.label));
  return own ? [{ ownerUid: me.uid, label: own.name, level: 'owner' }, ...others] : others;
}

/**
 * Levels a manager may give (decision 0010): the owner any, including co-owner; co-owners and admins only levels
 * strictly below their own. The server enforces it; the form offers only these.
 */
export function grantableLevels(manager: PermissionLevel | 'owner'): PermissionLevel[] {
  if (manager === 'owner') return [...PERMISSION_LEVELS];
  const own = PERMISSION_LEVELS.indexOf(manager);
  return PERMISSION_LEVELS.filter((_, i) => i > own);
}
