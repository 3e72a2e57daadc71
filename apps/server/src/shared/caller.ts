import type { AccountType } from '@vigil/contracts';

/**
 * What a verified auth token (or a media grant) says about the bearer of a request. Every feature reads it, so it
 * lives here rather than in the auth feature that signs it: a feature needs the caller, not the way it was proven.
 */
export interface Caller {
  uid: string;
  accountType: AccountType;
  seriesId: string;
  demo: boolean;
}
