import { useSession } from '../../shared/session/store.ts';
import { useAccountPermissions } from './api/account-permissions.ts';
import { type ManagedAccount, managedAccounts } from './managed-accounts.ts';

/** The accounts the signed-in user may manage users of; the own one is known before the permissions arrive. */
export function useManagedAccounts(): { accounts: ManagedAccount[]; loading: boolean } {
  const session = useSession();
  const uid = session?.uid ?? '';
  const permissions = useAccountPermissions(uid);
  if (!session) return { accounts: [], loading: false };
  return {
    accounts: managedAccounts(session, permissions.data ?? []),
    loading: permissions.isPending,
  };
}
