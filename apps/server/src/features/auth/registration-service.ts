import {
  type LoginLocation,
  normaliseRegistration,
  type RegisterBody,
  type RegisterResult,
  type Registration,
} from '@vigil/contracts';
import type { Config } from '../../config.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
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
  /** Registration by single sign-on (sso feature): the identity of a verified ID token; unset, none is configured. */
  ssoIdentity?: ((provider: string, idToken: string) => Promise<SsoRegistrant>) | undefined;
}

/** Who an ID token says registers, checked by the sso feature (decision 0831), and how to link them once made. */
export interface SsoRegistrant {
  email: string;
  provider: string;
  organisation: string | null;
  link: (uid: string) => Promise<void>;
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
    const accountType = SELF_SERVICE_TYPES[r.subscriberType];
    if (!accountType)
      throw badRequest(`subscriberType: "${r.subscriberType}" accounts cannot be registered here`);
    if (r.ssoProvider) return this.#registerBySso(r, accountType);
    const email = r.email!;
    const password = r.password!;
    const problem = passwordProblem(password, email);
    if (problem) throw new HttpError(400, 'weak_password', problem);
    const uid = randomId();
    const existing = await users.findByEmail(email);
    if (existing) return this.#alreadyRegistered(existing.email, uid, password);

    const t = now();
    try {
      await users.createAccount(
        newUserRow(this.#profile(r, accountType, uid, email, await hashPassword(password), t)),
        this.#organisation(uid, email, t),
        this.#pendingSteps(r, accountType),
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
   * Registration by single sign-on: no password; the provider vouched for the address (the sso feature refuses a
   * token without a verified one), so it is confirmed at once. An address that already has an account is told so:
   * its owner proved it, and should sign in and link the provider instead (sso_account_already_used stays for an
   * identity already linked).
   */
  async #registerBySso(r: Registration, accountType: 'u' | 'i'): Promise<RegisterResult> {
    const { config, users, now } = this.#d;
    if (!this.#d.ssoIdentity || !r.idToken)
      throw badRequest('ssoProvider: single sign-on is not configured on this server', 'bad_request');
    const who = await this.#d.ssoIdentity(r.ssoProvider as string, r.idToken);
    if (await users.findByEmail(who.email))
      throw conflict(
        'An account with this e-mail address exists: sign in with it and link single sign-on',
        'email_exists',
      );
    const uid = randomId();
    const t = now();
    const row = newUserRow({
      ...this.#profile(r, accountType, uid, who.email, null, t),
      sso_provider: who.provider,
      sso_organization: who.organisation,
      email_verified_at: t,
    });
    await users.createAccount(row, this.#organisation(uid, who.email, t), this.#pendingSteps(r, accountType));
    await who.link(uid);
    if (r.inviteId && this.#d.acceptInvite)
      await this.#d.acceptInvite(uid, who.email, r.inviteId).catch(() => undefined);
    return { uid, email: who.email, region: config.REGION };
  }

  #profile(
    r: Registration,
    accountType: 'u' | 'i',
    uid: string,
    email: string,
    hash: string | null,
    t: number,
  ) {
    return {
      uid,
      email,
      password_hash: hash,
      account_type: accountType,
      region: this.#d.config.REGION,
      installer_id: r.installerId ?? null,
      language: r.language,
      country: r.country,
      currency: r.currency,
      marketing_emails: r.marketingEmails ? 1 : 0,
      subscriber_type: r.subscriberType,
      camera_brand: r.cameraBrand ?? null,
      invite_id: r.inviteId ?? null,
      created_at: t,
    };
  }

  #organisation(uid: string, email: string, t: number) {
    return { id: randomId(), owner_uid: uid, name: email, cloud_storage_duration: 0, created_at: t };
  }

  /** A self-registered end user (installer in SELF_REG_INSTALLER_IDS) still has to pay. */
  #pendingSteps(r: Registration, accountType: 'u' | 'i'): string[] {
    const selfReg =
      r.installerId !== undefined && this.#d.config.SELF_REG_INSTALLER_IDS.includes(r.installerId);
    return selfReg && accountType === 'u' ? ['payment'] : [];
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
