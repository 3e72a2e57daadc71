import {
  type LoginLocation,
  normaliseRegistration,
  type RegisterBody,
  type RegisterResult,
} from '@vigil/contracts';
import type { Config } from '../../config.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { randomId } from '../../shared/random.ts';
import type { EmailVerificationService } from './email-verification-service.ts';
import type { SecurityNotices } from './notices.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { newUserRow, type UsersRepository } from './users-repository.ts';

/** Subscriber types that may register themselves, and the account type each becomes. */
const SELF_SERVICE_TYPES: Record<string, 'u' | 'i'> = { enduser: 'u', user: 'u', installer: 'i' };

export interface RegistrationDeps {
  config: Config;
  users: UsersRepository;
  verification: EmailVerificationService;
  notices: SecurityNotices;
  now: () => number;
  /** Accepts an invitation for a just-registered user (accounts feature). */
  acceptInvite?: (uid: string, email: string, token: string) => Promise<unknown>;
}

export class RegistrationService {
  readonly #d: RegistrationDeps;
  constructor(deps: RegistrationDeps) {
    this.#d = deps;
  }

  async register(body: RegisterBody): Promise<RegisterResult | LoginLocation> {
    const r = normaliseRegistration(body);
    const { config, users, now } = this.#d;
    if (r.region && r.region !== config.REGION) {
      const location = config.REGION_MAP[r.region];
      if (!location) throw badRequest(`region: unknown region "${r.region}"`);
      return { location, region: r.region };
    }
    if (r.ssoProvider)
      throw badRequest('ssoProvider: single sign-on is not configured on this server', 'bad_request');
    const accountType = SELF_SERVICE_TYPES[r.subscriberType];
    if (!accountType)
      throw badRequest(`subscriberType: "${r.subscriberType}" accounts cannot be registered here`);
    const email = r.email!;
    const password = r.password!;
    const problem = passwordProblem(password, email);
    if (problem) throw new HttpError(400, 'weak_password', problem);
    const uid = randomId();
    const existing = await users.findByEmail(email);
    if (existing) return this.#alreadyRegistered(existing.email, uid, password);

    const t = now();
    const selfReg = r.installerId !== undefined && config.SELF_REG_INSTALLER_IDS.includes(r.installerId);
    try {
      await users.createAccount(
        newUserRow({
          uid,
          email,
          password_hash: await hashPassword(password),
          account_type: accountType,
          region: config.REGION,
          installer_id: r.installerId ?? null,
          language: r.language,
          country: r.country,
          currency: r.currency,
          marketing_emails: r.marketingEmails ? 1 : 0,
          subscriber_type: r.subscriberType,
          camera_brand: r.cameraBrand ?? null,
          invite_id: r.inviteId ?? null,
          created_at: t,
        }),
        { id: randomId(), owner_uid: uid, name: email, cloud_storage_duration: 0, created_at: t },
        selfReg && accountType === 'u' ? ['payment'] : [],
      );
    } catch (err) {
      // Two registrations of one address racing: the unique index decides, the loser gets the same answer.
      const winner = await users.findByEmail(email);
      if (winner) return this.#alreadyRegistered(winner.email, uid, null);
      throw err;
    }
    // Signing up from an invitation link: the new account joins the inviting account at once. A stale or
    // mismatched invitation does not undo the registration; the user can ask for a new one.
    if (r.inviteId && this.#d.acceptInvite)
      await this.#d.acceptInvite(uid, email, r.inviteId).catch(() => undefined);
    await this.#d.verification.sendLink({ uid, email });
    return { uid, email, region: config.REGION };
  }

  /**
   * An address that already has an account gets the answer a new one would (a fresh random uid), after as much
   * work (the password hashed), so neither tells anyone the address is registered; its owner is told by e-mail.
   */
  async #alreadyRegistered(email: string, uid: string, password: string | null): Promise<RegisterResult> {
    if (password !== null) await hashPassword(password);
    this.#d.notices.registrationAttempt(email);
    return { uid, email, region: this.#d.config.REGION };
  }
}
