import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import { hashToken, randomToken } from '../../shared/random.ts';
import type { SecurityNotices } from './notices.ts';
import type { UserRow, UsersRepository } from './users-repository.ts';
import type { VerificationsRepository } from './verifications-repository.ts';

/** Verification links last a week: long enough for a holiday, short enough not to linger in an old mailbox. */
export const VERIFY_LINK_TTL_MS = 7 * 86_400_000;

const invalidLink = () =>
  new HttpError(
    400,
    'invalid_link',
    'This confirmation link is invalid, used or expired. Ask for a new one.',
  );
export const emailUnverified = () =>
  new HttpError(
    403,
    'email_unverified',
    'Confirm your e-mail address first: open the link we sent you, or ask for a new one on your account page.',
  );

export interface VerificationDeps {
  config: Config;
  users: UsersRepository;
  verifications: VerificationsRepository;
  notices: SecurityNotices;
  now: () => number;
}

/** E-mail verification (decision 0009): a one-time link e-mailed at registration proves the mailbox. */
export class EmailVerificationService {
  readonly #d: VerificationDeps;
  constructor(deps: VerificationDeps) {
    this.#d = deps;
  }

  async sendLink(user: Pick<UserRow, 'uid' | 'email'>): Promise<void> {
    const token = randomToken();
    const t = this.#d.now();
    await this.#d.verifications.create({
      token_hash: hashToken(token),
      uid: user.uid,
      email: user.email,
      created_at: t,
      expires_at: t + VERIFY_LINK_TTL_MS,
      used_at: null,
    });
    const link = `${this.#d.config.publicUrl}/verify-email?uid=${encodeURIComponent(user.uid)}&v=${encodeURIComponent(token)}`;
    this.#d.notices.verifyEmail(user.email, link);
  }

  /** A new link for a signed-in account that has not confirmed its address yet. */
  async resend(uid: string): Promise<true> {
    const user = await this.#d.users.findByUid(uid);
    if (user && user.email_verified_at === null) await this.sendLink(user);
    return true;
  }

  async verify(uid: string, v: string): Promise<true> {
    const { verifications, users, now } = this.#d;
    const t = now();
    const row = await verifications.find(hashToken(v));
    if (!row || row.uid !== uid || row.used_at !== null || row.expires_at <= t) throw invalidLink();
    const user = await users.findByUid(uid);
    // A link sent to an address the account no longer has proves nothing about the current one.
    if (!user || user.email !== row.email) throw invalidLink();
    if (!(await verifications.consume(row.token_hash, t))) throw invalidLink();
    await users.markEmailVerified(uid, row.email, t);
    return true;
  }

  /** Refuses what needs a confirmed address (adding cameras, inviting people) until the account has one. */
  async require(uid: string): Promise<void> {
    if (!(await this.#d.users.isEmailVerified(uid))) throw emailUnverified();
  }
}
