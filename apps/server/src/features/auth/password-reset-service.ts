import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import { hashToken, randomToken } from '../../shared/random.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { SecurityNotices } from './notices.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import type { ResetsRepository } from './resets-repository.ts';
import type { SeriesRepository } from './series-repository.ts';
import type { UsersRepository } from './users-repository.ts';

/** Reset links are one-time and expire after an hour. */
export const RESET_LINK_TTL_MS = 3_600_000;
/** Reset e-mails one account receives per hour, however many are asked for (decision 0008). */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;
/** A partner's or support's invitation to set a first password lasts a week (decision 0720). */
export const INVITATION_LINK_TTL_MS = 7 * 24 * 3_600_000;

const invalidLink = () =>
  new HttpError(400, 'invalid_link', 'This reset link is invalid, used or expired. Ask for a new one.');

export interface ResetDeps {
  config: Config;
  users: UsersRepository;
  resets: ResetsRepository;
  series: SeriesRepository;
  mailer: Mailer;
  notices: SecurityNotices;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  now: () => number;
}

export class PasswordResetService {
  readonly #d: ResetDeps;
  constructor(deps: ResetDeps) {
    this.#d = deps;
  }

  /**
   * Answers at once, the same for every address: the lookup and the e-mail happen after the answer, so neither
   * the body nor the timing tells whether an account exists. Returns the background work for tests to await.
   */
  requestReset(email: string): Promise<void> {
    return this.#sendLink(email).catch((err) => this.#d.log.error({ err }, 'password reset e-mail failed'));
  }

  async #sendLink(email: string): Promise<void> {
    const user = await this.#d.users.findByEmail(email);
    if (!user || user.is_demo === 1) return;
    const t = this.#d.now();
    // Counted in the table itself, so the cap holds across restarts and instances.
    if ((await this.#d.resets.countSince(user.uid, t - 3_600_000)) >= RESET_MAILS_PER_ACCOUNT_PER_HOUR)
      return;
    const token = randomToken();
    await this.#d.resets.create({
      token_hash: hashToken(token),
      uid: user.uid,
      created_at: t,
      expires_at: t + RESET_LINK_TTL_MS,
      used_at: null,
    });
    const link = `${this.#d.config.publicUrl}/reset-password?uid=${encodeURIComponent(user.uid)}&v=${encodeURIComponent(token)}`;
    await this.#d.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Someone asked to reset the password of your account.\n\nTo choose a new password, open this link within an hour:\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
    });
  }

  /**
   * An invitation to an account a partner or support made for someone (decision 0720): a set-password link, valid
   * for INVITATION_LINK_TTL_MS, to the account's e-mail. The person's own password is never set for them.
   */
  async sendInvitation(uid: string, invitedBy: string): Promise<void> {
    const user = await this.#d.users.findByUid(uid);
    if (!user) return;
    const t = this.#d.now();
    const token = randomToken();
    await this.#d.resets.create({
      token_hash: hashToken(token),
      uid,
      created_at: t,
      expires_at: t + INVITATION_LINK_TTL_MS,
      used_at: null,
    });
    const link = `${this.#d.config.publicUrl}/reset-password?uid=${encodeURIComponent(uid)}&v=${encodeURIComponent(token)}`;
    await this.#d.mailer.send({
      to: user.email,
      subject: 'Your Vigil account is ready',
      text: `${invitedBy} created a Vigil account for ${user.email}.\n\nTo choose your password and sign in, open this link within 7 days:\n${link}\n`,
    });
  }

  /** Sets the new password with a one-time link, ends every session and every other link of the account. */
  async reset(uid: string, v: string, newPassword: string): Promise<true> {
    const { resets, users, series, now } = this.#d;
    const row = await resets.find(hashToken(v));
    const t = now();
    if (!row || row.uid !== uid || row.used_at !== null || row.expires_at <= t) throw invalidLink();
    const user = await users.findByUid(uid);
    if (!user) throw invalidLink();
    const problem = passwordProblem(newPassword, user.email);
    // Checked before the link is consumed, so a weak choice does not burn the link.
    if (problem) throw new HttpError(400, 'weak_password', problem);
    if (!(await resets.consume(row.token_hash, t))) throw invalidLink();
    await resets.consumeAllOfUser(uid, t);
    await users.setPasswordHash(uid, await hashPassword(newPassword));
    // The link came by e-mail: using it proves the mailbox (an invited account's first password, decision 0720).
    await users.markEmailVerified(uid, user.email, t);
    await series.revokeAllOfUser(uid, 'password_reset', t);
    // The owner proved control of the mailbox: failed sign-ins before no longer slow them down.
    await this.#d.throttle.clearAccount(user.email);
    this.#d.notices.passwordChanged(user.email, 'reset');
    return true;
  }
}
