import type { Db, OrganisationsTable, UsersTable } from '@vigil/db';

export type UserRow = UsersTable;

type RequiredUserFields = Pick<
  UserRow,
  'uid' | 'email' | 'password_hash' | 'account_type' | 'region' | 'created_at'
>;

/** A complete users row from the fields that matter, with every other column at its default. */
export function newUserRow(f: RequiredUserFields & Partial<UserRow>): UserRow {
  return {
    installer_id: null,
    distributor_id: null,
    provider: null,
    sso_provider: null,
    sso_organization: null,
    is_demo: 0,
    language: 'en',
    country: 'US',
    currency: 'USD',
    marketing_emails: 0,
    subscriber_type: null,
    camera_brand: null,
    invite_id: null,
    timezone: null,
    email_verified_at: null,
    ...f,
  };
}

export class UsersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** The user, their first organisation and their pending self-registration steps, all or nothing. */
  async createAccount(
    user: UserRow,
    organisation: OrganisationsTable | undefined,
    pendingSteps: string[],
  ): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.insertInto('users').values(user).execute();
      if (organisation) await tx.insertInto('organisations').values(organisation).execute();
      for (const step of pendingSteps) {
        await tx.insertInto('selfreg_steps').values({ uid: user.uid, step, completed_at: null }).execute();
      }
    });
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findByUid(uid: string): Promise<UserRow | undefined> {
    return this.#db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  findDemo(): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('is_demo', '=', 1)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  async update(
    uid: string,
    fields: Partial<Pick<UserRow, 'email' | 'email_verified_at' | 'language' | 'timezone'>>,
  ): Promise<void> {
    if (Object.keys(fields).length)
      await this.#db.updateTable('users').set(fields).where('uid', '=', uid).execute();
  }

  async markEmailVerified(uid: string, email: string, now: number): Promise<boolean> {
    const r = await this.#db
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('uid', '=', uid)
      .where('email', '=', email)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async isEmailVerified(uid: string): Promise<boolean> {
    const r = await this.#db
      .selectFrom('users')
      .select('email_verified_at')
      .where('uid', '=', uid)
      .executeTakeFirst();
    return r?.email_verified_at != null;
  }

  /** The provider (and organisation) the user last signed in with by single sign-on: the login result's sso_ fields. */
  async setSso(uid: string, provider: string, organisation: string | null): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ sso_provider: provider, sso_organization: organisation })
      .where('uid', '=', uid)
      .execute();
  }

  async setPasswordHash(uid: string, passwordHash: string): Promise<void> {
    await this.#db.updateTable('users').set({ password_hash: passwordHash }).where('uid', '=', uid).execute();
  }

  async countByType(accountType: UserRow['account_type']): Promise<number> {
    const r = await this.#db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_type', '=', accountType)
      .where('is_demo', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async completeSelfRegStep(uid: string, step: string, now: number): Promise<void> {
    await this.#db
      .updateTable('selfreg_steps')
      .set({ completed_at: now })
      .where('uid', '=', uid)
      .where('step', '=', step)
      .where('completed_at', 'is', null)
      .execute();
  }

  async incompleteSelfRegSteps(uid: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('selfreg_steps')
      .select('step')
      .where('uid', '=', uid)
      .where('completed_at', 'is', null)
      .orderBy('step')
      .execute();
    return rows.map((r) => r.step);
  }

  /** Which partner an account belongs to (decision 0720): set when a partner makes it, or support moves it. */
  async setPartnerIds(uid: string, installerId: string | null, distributorId: string | null): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ installer_id: installerId, distributor_id: distributorId })
      .where('uid', '=', uid)
      .execute();
  }

  /**
   * Support's search (decision 0720): an exact uid or installer id, or an e-mail prefix as a range on the unique
   * e-mail index (no LIKE, so both databases walk the index).
   */
  search(q: string, limit: number): Promise<UserRow[]> {
    const lower = q.toLowerCase();
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('uid', '=', q),
          eb('installer_id', '=', lower),
          eb.and([eb('email', '>=', lower), eb('email', '<', `${lower}\u{10FFFF}`)]),
        ]),
      )
      .where('is_demo', '=', 0)
      .orderBy('email')
      .limit(limit)
      .execute();
  }

  async findManyByUid(uids: readonly string[]): Promise<UserRow[]> {
    if (uids.length === 0) return [];
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('uid', 'in', [...uids])
      .execute();
  }
}
