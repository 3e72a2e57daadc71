import type { AccountType } from '@vigil/contracts';
import { conflict, notFound } from '../../http/errors.ts';
import { randomId } from '../../shared/random.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordResetService } from './password-reset-service.ts';
import { newUserRow, type UserRow, type UsersRepository } from './users-repository.ts';

/** An account as the partner portal and support see it (decision 0720). */
export interface ManagedAccount {
  uid: string;
  email: string;
  accountType: AccountType;
  installerId: string | null;
  createdAt: number;
  /** The person has set a password (accepted the invitation). */
  accepted: boolean;
}

const toManaged = (u: UserRow): ManagedAccount => ({
  uid: u.uid,
  email: u.email,
  accountType: u.account_type,
  installerId: u.installer_id,
  createdAt: u.created_at,
  accepted: u.password_hash !== null,
});

/**
 * Accounts made for someone else: by support (distributors), distributors (installers) and installers (customers).
 * Users are auth's table (decision 0018), so the partners feature asks here. Nobody sets another person's
 * password: the account gets an invitation to set one (ASVS 6.4.6).
 */
export class ManagedAccounts {
  readonly #users: UsersRepository;
  readonly #resets: PasswordResetService;
  readonly #throttle: LoginThrottle;
  readonly #d: { region: string; now: () => number };
  constructor(
    users: UsersRepository,
    resets: PasswordResetService,
    throttle: LoginThrottle,
    d: { region: string; now: () => number },
  ) {
    this.#users = users;
    this.#resets = resets;
    this.#throttle = throttle;
    this.#d = d;
  }

  /** A new account without a password, with an organisation named after the company. 409 email_exists. */
  async create(a: {
    email: string;
    accountType: AccountType;
    company: string;
    installerId: string | null;
    distributorId: string | null;
  }): Promise<string> {
    const email = a.email.toLowerCase();
    if (await this.#users.findByEmail(email))
      throw conflict('An account with this e-mail already exists', 'email_exists');
    const uid = randomId();
    const t = this.#d.now();
    const user = newUserRow({
      uid,
      email,
      password_hash: null,
      account_type: a.accountType,
      region: this.#d.region,
      created_at: t,
      installer_id: a.installerId,
      distributor_id: a.distributorId,
    });
    const org = { id: randomId(), owner_uid: uid, name: a.company, cloud_storage_duration: 0, created_at: t };
    await this.#users.createAccount(user, org, []);
    return uid;
  }

  async get(uid: string): Promise<ManagedAccount | undefined> {
    const u = await this.#users.findByUid(uid);
    return u && u.is_demo === 0 ? toManaged(u) : undefined;
  }

  async many(uids: readonly string[]): Promise<Map<string, ManagedAccount>> {
    const rows = await this.#users.findManyByUid(uids);
    return new Map(rows.map((u) => [u.uid, toManaged(u)]));
  }

  async search(q: string, limit: number): Promise<ManagedAccount[]> {
    return (await this.#users.search(q, limit)).map(toManaged);
  }

  setPartner(uid: string, installerId: string | null, distributorId: string | null): Promise<void> {
    return this.#users.setPartnerIds(uid, installerId, distributorId);
  }

  invite(uid: string, invitedBy: string): Promise<void> {
    return this.#resets.sendInvitation(uid, invitedBy);
  }

  async startPasswordReset(uid: string): Promise<void> {
    const u = await this.#need(uid);
    await this.#resets.requestReset(u.email);
  }

  async unlockSignIn(uid: string): Promise<void> {
    const u = await this.#need(uid);
    await this.#throttle.clearAccount(u.email);
  }

  async #need(uid: string): Promise<UserRow> {
    const u = await this.#users.findByUid(uid);
    if (!u) throw notFound();
    return u;
  }
}
