import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/store.ts';

/**
 * The account whose orders the screens show: `?account=` when the person opens another one (an additional user of a
 * takeaway's account), else their own.
 */
export function useTakeawayAccount(): { uid: string; accounts: string[] } {
  const [params] = useSearchParams();
  const session = useSession();
  const own = session?.uid ?? '';
  const accounts = [own, ...(session?.organisations ?? []).map((o) => o.ownerUid).filter((u) => u !== own)];
  const asked = params.get('account');
  return { uid: asked && accounts.includes(asked) ? asked : own, accounts };
}
