import { randomBytes } from 'node:crypto';
import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { randomId } from '../../shared/random.ts';
import { hashPassword } from './passwords.ts';
import { newUserRow, UsersRepository } from './users-repository.ts';

export const DEMO_EMAIL = 'demo@vigil.local';

/**
 * First start on an empty database: the fixed demo account and the first support account. No password is in the
 * code: the support password comes from SUPPORT_PASSWORD, or is generated and printed once.
 */
export async function seedAccounts(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  print: (line: string) => void,
): Promise<void> {
  const users = new UsersRepository(db);
  const now = Date.now();
  // Accounts the server makes itself have no mailbox to prove: they count as verified (decision 0009).
  const base = { region: config.REGION, created_at: now, email_verified_at: now };
  if (!(await users.findDemo())) {
    const uid = randomId();
    await users.createAccount(
      newUserRow({ ...base, uid, email: DEMO_EMAIL, password_hash: null, account_type: 'u', is_demo: 1 }),
      { id: randomId(), owner_uid: uid, name: 'Demo', cloud_storage_duration: 7, created_at: now },
      [],
    );
    log.info('demo account created');
  }
  if ((await users.countByType('s')) === 0 && !(await users.findByEmail(config.SUPPORT_EMAIL))) {
    const password = config.SUPPORT_PASSWORD ?? randomBytes(12).toString('base64url');
    await users.createAccount(
      newUserRow({
        ...base,
        uid: randomId(),
        email: config.SUPPORT_EMAIL,
        password_hash: await hashPassword(password),
        account_type: 's',
      }),
      undefined,
      [],
    );
    if (config.SUPPORT_PASSWORD) log.info({ email: config.SUPPORT_EMAIL }, 'support account created');
    else
      print(
        `\n  First support account: ${config.SUPPORT_EMAIL}\n  Password (shown only this once): ${password}\n`,
      );
  }
}
