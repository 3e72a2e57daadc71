import type { Db } from '@vigil/db';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { AccountService } from '../auth/account-service.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { Mailer } from '../mail/mailer.ts';
import { GroupsRepository } from './groups-repository.ts';
import { GroupsService } from './groups-service.ts';
import { MembersRepository } from './members-repository.ts';
import { MembersService } from './members-service.ts';
import { accountRoutes } from './routes.ts';

/** Builds the accounts feature: additional users and their invitations, camera groups, and the /account routes. */
export function createAccounts(d: {
  db: Db;
  config: Config;
  access: AccountAccess;
  users: UserDirectory;
  /** The signed-in user's own account (auth feature). */
  account: AccountService;
  mailer: Mailer;
  now: () => number;
  /** Throws unless the account's e-mail address is confirmed (auth feature, decision 0009). */
  requireVerifiedEmail: (uid: string) => Promise<void>;
}) {
  const repo = new MembersRepository(d.db);
  const members = new MembersService({
    config: d.config,
    members: repo,
    users: d.users,
    access: d.access,
    mailer: d.mailer,
    now: d.now,
    requireVerifiedEmail: d.requireVerifiedEmail,
  });
  const groups = new GroupsService(new GroupsRepository(d.db), d.access, d.now, d.users);
  const routes: FeatureRoutes = (app) => app.register(accountRoutes, { members, groups, account: d.account });
  /** The users who have accepted access to an account (the notifications' recipients besides the owner, 0710). */
  const memberUids = (ownerUid: string) => repo.acceptedMemberUids(ownerUid);
  return { members, groups, routes, memberUids };
}
