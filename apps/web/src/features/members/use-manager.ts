import type { PermissionLevel } from '@vigil/contracts';
import { useSession } from '../../shared/session/store.ts';
import { useManagedAccounts } from './use-managed-accounts.ts';

/**
 * The signed-in user as manager of account `as`: their level there (to offer only the levels they may give) and
 * the account's name. Unknown (not theirs to manage) leaves the server to answer.
 */
export function useManager(as: string): {
  level: PermissionLevel | 'owner' | undefined;
  label: string | undefined;
  loading: boolean;
} {
  const session = useSession();
  const { accounts, loading } = useManagedAccounts();
  const account = accounts.find((a) => a.ownerUid === as);
  if (as === session?.uid) return { level: 'owner', label: undefined, loading: false };
  return { level: account?.level, label: account?.label, loading: loading && !account };
}
