import type { ActiveSession } from '@vigil/contracts';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { SecurityNotices } from './notices.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import type { SeriesRepository } from './series-repository.ts';
import type { UsersRepository } from './users-repository.ts';

const wrongPassword = () => new HttpError(401, 'invalid_credentials', 'The password is not right');

/** The signed-in user's own account: e-mail, password, preferences and active sessions (/account). */
export class AccountService {
  readonly #users: UsersRepository;
  readonly #series: SeriesRepository;
  readonly #now: () => number;
  readonly #notices: SecurityNotices;
  readonly #confirmAddress: (user: { uid: string; email: string }) => Promise<void>;
  constructor(
    users: UsersRepository,
    series: SeriesRepository,
    now: () => number,
    notices: SecurityNotices,
    /** Sends the new address its confirmation link (decision 0009). */
    confirmAddress: (user: { uid: string; email: string }) => Promise<void>,
  ) {
    this.#users = users;
    this.#series = series;
    this.#now = now;
    this.#notices = notices;
    this.#confirmAddress = confirmAddress;
  }

  /** Asks for the password again: a borrowed unlocked screen must not be enough to take the account. */
  async changeEmail(
    caller: Caller,
    uid: string,
    newEmail: string,
    password: string,
  ): Promise<{ email: string }> {
    const user = await this.#self(caller, uid);
    if (!user.password_hash || !(await verifyPassword(user.password_hash, password))) throw wrongPassword();
    const taken = await this.#users.findByEmail(newEmail);
    if (taken && taken.uid !== uid)
      throw conflict('An account with this e-mail already exists', 'email_exists');
    if (user.email === newEmail.toLowerCase()) return { email: newEmail };
    // A new address is unproven until its link is opened: what needs a confirmed address (adding cameras,
    // inviting people) waits for it, as at registration (decision 0009).
    await this.#users.update(uid, { email: newEmail, email_verified_at: null });
    await this.#confirmAddress({ uid, email: newEmail });
    // To the old address: if the account was taken over, that is the mailbox the owner still reads.
    this.#notices.emailChanged(user.email, newEmail);
    return { email: newEmail };
  }

  /** Changing the password ends every other session of the account. */
  async changePassword(caller: Caller, uid: string, current: string, next: string): Promise<true> {
    const user = await this.#self(caller, uid);
    if (!user.password_hash || !(await verifyPassword(user.password_hash, current))) throw wrongPassword();
    const problem = passwordProblem(next, user.email);
    if (problem) throw new HttpError(400, 'weak_password', problem);
    await this.#users.setPasswordHash(uid, await hashPassword(next));
    await this.#series.revokeAllOfUserExcept(uid, caller.seriesId, 'password_changed', this.#now());
    this.#notices.passwordChanged(user.email, 'changed');
    return true;
  }

  async setPreferences(
    caller: Caller,
    uid: string,
    p: { language?: string | undefined; timezone?: string | null | undefined },
  ) {
    await this.#self(caller, uid);
    await this.#users.update(uid, {
      ...(p.language ? { language: p.language } : {}),
      ...(p.timezone !== undefined ? { timezone: p.timezone } : {}),
    });
    const user = await this.#self(caller, uid);
    return { language: user.language, timezone: user.timezone };
  }

  async sessions(caller: Caller, uid: string): Promise<ActiveSession[]> {
    await this.#self(caller, uid);
    return this.#sessionsOf(uid, caller.seriesId);
  }

  async endSession(caller: Caller, uid: string, seriesId: string): Promise<true> {
    await this.#self(caller, uid);
    await this.#end(uid, seriesId, 'ended_by_user');
    return true;
  }

  /**
   * An account's sessions as support sees them on its page (decision 0721). The partners feature, the only caller,
   * has checked that the caller is support: this service has no caller to check it against.
   */
  async sessionsForSupport(uid: string): Promise<ActiveSession[]> {
    if (!(await this.#users.findByUid(uid))) throw notFound();
    return this.#sessionsOf(uid, undefined);
  }

  /** Support ends one of an account's sessions (a lost phone): its refresh fails at once, the rest stay. */
  async endSessionForSupport(uid: string, seriesId: string): Promise<void> {
    await this.#end(uid, seriesId, 'ended_by_support');
  }

  async #end(uid: string, seriesId: string, reason: string): Promise<void> {
    const s = await this.#series.find(seriesId);
    if (!s || s.uid !== uid) throw notFound('Session not found');
    await this.#series.revoke(seriesId, reason, this.#now());
  }

  async #sessionsOf(uid: string, currentSeriesId: string | undefined): Promise<ActiveSession[]> {
    const t = this.#now();
    const [rows, replayed] = await Promise.all([
      this.#series.liveOfUser(uid, t),
      // Sessions ended because a stolen copy of their token was used, in the last 30 days: the owner should know.
      this.#series.endedByReplay(uid, t - 30 * 86_400_000),
    ]);
    return [...rows, ...replayed].map((s) => ({
      seriesId: s.id,
      current: s.id === currentSeriesId,
      createdAt: s.created_at,
      lastUsedAt: s.last_used_at,
      device: s.phone_name ?? s.model ?? null,
      clientIp: s.client_ip,
      userAgent: s.user_agent,
      ...(s.revoked_reason === 'token_replay' && s.revoked_at !== null
        ? { endedAt: s.revoked_at, endedReason: 'token_replay' as const }
        : {}),
    }));
  }

  async #self(caller: Caller, uid: string) {
    if (caller.uid !== uid) throw forbidden();
    const user = await this.#users.findByUid(uid);
    if (!user) throw notFound();
    return user;
  }
}
