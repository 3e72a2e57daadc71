import type { Db } from '@vigil/db';
import type { Memberships } from '../access/ports.ts';
import { MembersRepository } from './members-repository.ts';

/** The memberships access reads on every call (decision 0010), from this feature's table. */
export function accountMemberships(db: Db): Memberships {
  return new MembersRepository(db);
}
