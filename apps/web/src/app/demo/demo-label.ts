import type { AccountType } from '@vigil/contracts';

/** Spec 000 §6: installer-type demo sign-ins read 'Free partner demo', distributor ones 'Distributor demo'. */
export function demoLabelKey(accountType: AccountType | undefined): string {
  if (accountType === 'i') return 'demo.freePartnerDemo';
  if (accountType === 'd') return 'demo.distributorDemo';
  return 'demo.account';
}
