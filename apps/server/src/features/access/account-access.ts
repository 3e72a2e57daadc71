import { type Action, levelAllows, type PermissionLevel, splitUidd, type Uidd } from '@vigil/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { DistributorOf, InstallerOf, Memberships } from './ports.ts';
import type { SupportGrantsRepository } from './support-grants-repository.ts';

/**
 * What may be asked of an account: the spec's actions (the levels hold them), and one right of ours outside the
 * levels (decision 0854): `choosePlan`, reading and changing the account's subscription (GET, PUT, cancel,
 * reinstate) and nothing else of its billing. The owner and whoever holds managePlan have it; so do the account's
 * installer and that installer's distributor, who hold no other right from it.
 */
export type AccountAction = Action | 'choosePlan';

/**
 * What the caller is to an account: its owner, an additional user at a level, or support. `consent`: the account's
 * owner has granted support access and it has not run out (decision 0017), read on every call like a membership.
 */
export type AccountRole =
  | { kind: 'owner' }
  | { kind: 'support'; consent: boolean }
  /** The installer that runs the account (decision 0720): installs cameras and sees them, never their video. */
  | { kind: 'installer' }
  /** An installer or distributor on the demo account: the free partner demo (spec 000 §3, §6), watched live only. */
  | { kind: 'partnerDemo' }
  | {
      kind: 'member';
      memberId: string;
      level: PermissionLevel;
      cameraScope: 'all' | 'selected';
      cameras: ReadonlySet<string>;
    };

/**
 * The one place that answers "may this caller do this on this account / to this camera" (decision 0010).
 * Reads the membership on every call, so revoking access bites on the caller's next request.
 */
export class AccountAccess {
  readonly #members: Memberships;
  readonly #grants: SupportGrantsRepository;
  readonly #now: () => number;
  readonly #installerOf: InstallerOf;
  readonly #demoAccount: () => Promise<string | undefined>;
  readonly #distributorOf: DistributorOf;
  constructor(
    members: Memberships,
    grants: SupportGrantsRepository,
    now: () => number,
    installerOf: InstallerOf = async () => undefined,
    /** The demo account's uid (auth), whose cameras are the free partner demo (decision 0721). */
    demoAccount: () => Promise<string | undefined> = async () => undefined,
    /** The distributor above a customer account's installer (decision 0854): it may choose the plan, nothing else. */
    distributorOf: DistributorOf = async () => undefined,
  ) {
    this.#members = members;
    this.#grants = grants;
    this.#now = now;
    this.#installerOf = installerOf;
    this.#demoAccount = demoAccount;
    this.#distributorOf = distributorOf;
  }

  /** Installers and distributors watch the demo account's cameras live: the free partner demo (decision 0721). */
  async #partnerDemoOf(caller: Caller): Promise<string | undefined> {
    if (caller.accountType !== 'i' && caller.accountType !== 'd') return undefined;
    return this.#demoAccount();
  }

  async roleOn(caller: Caller, ownerUid: string): Promise<AccountRole | undefined> {
    if (caller.uid === ownerUid) return { kind: 'owner' };
    if (caller.accountType === 's')
      return { kind: 'support', consent: await this.supportConsented(ownerUid) };
    const m = await this.#members.activeMembership(ownerUid, caller.uid);
    // The account's own installer, unless the owner made them an additional user (that level then applies: the
    // owner's way to let their installer see video).
    if (!m && caller.accountType === 'i' && (await this.#installerOf(ownerUid)) === caller.uid)
      return { kind: 'installer' };
    if (!m && (await this.#partnerDemoOf(caller)) === ownerUid) return { kind: 'partnerDemo' };
    if (!m) return undefined;
    return {
      kind: 'member',
      memberId: m.id,
      level: m.level,
      cameraScope: m.camera_scope,
      cameras: new Set(m.cameras),
    };
  }

  /** Whether the account's owner has granted support access that has not run out (decision 0017). */
  async supportConsented(ownerUid: string): Promise<boolean> {
    const grant = await this.#grants.find(ownerUid);
    return grant !== undefined && grant.expires_at > this.#now();
  }

  /**
   * The accounts the caller opens: their own first, then each they are an active additional user of; for a partner,
   * last, the demo account (the free partner demo).
   */
  async accountsOf(caller: Caller): Promise<string[]> {
    const [memberships, demo] = await Promise.all([
      this.#members.membershipsOf(caller.uid),
      this.#partnerDemoOf(caller),
    ]);
    return [caller.uid, ...memberships.map((m) => m.owner_uid), ...(demo ? [demo] : [])];
  }

  /**
   * Support reads accounts to help their owners but acts on none of them. Account-level video rights (events,
   * share links) stay refused even with consent: a share link would outlive it (decision 0017). Camera pictures
   * and video with consent are CameraAccess's.
   */
  static allows(role: AccountRole | undefined, action: AccountAction, uidd?: Uidd | string): boolean {
    if (!role) return false;
    if (role.kind === 'owner') return true;
    if (role.kind === 'support') return false;
    if (role.kind === 'installer') return action === 'install' || action === 'choosePlan';
    if (role.kind === 'partnerDemo') return action === 'viewLive';
    // An additional user chooses the plan exactly when the level manages it (co-owners: decision 0010).
    if (!levelAllows(role.level, action === 'choosePlan' ? 'managePlan' : action)) return false;
    return uidd === undefined || role.cameraScope === 'all' || role.cameras.has(uidd);
  }

  async may(caller: Caller, ownerUid: string, action: AccountAction, uidd?: Uidd | string): Promise<boolean> {
    const role = await this.roleOn(caller, ownerUid);
    if (AccountAccess.allows(role, action, uidd)) return true;
    if (action !== 'choosePlan' || role?.kind === 'support') return false;
    // The distributor is no role on the account (it would then reach what any role reaches): it is asked here, for
    // the one right it holds. The installer keeps the right when the owner also made it an additional user.
    if (caller.accountType === 'd') return (await this.#distributorOf(ownerUid)) === caller.uid;
    return caller.accountType === 'i' && (await this.#installerOf(ownerUid)) === caller.uid;
  }

  /**
   * May a user known only by uid (a share link's creator, not the request's caller) still do this? Read as an
   * ordinary user: support, the one type whose role does not come from uid and membership, holds no video rights.
   */
  userMay(uid: string, ownerUid: string, action: Action, uidd?: Uidd | string): Promise<boolean> {
    return this.may({ uid, accountType: 'u', seriesId: '', demo: false }, ownerUid, action, uidd);
  }

  /** May the caller see this account at all (any role, even level 'none')? */
  async canSee(caller: Caller, ownerUid: string): Promise<boolean> {
    return (await this.roleOn(caller, ownerUid)) !== undefined;
  }

  /**
   * Throws unless allowed: 404 when the caller has no role on the account (its existence is not revealed),
   * 403 when they have one that does not include the action.
   */
  async assert(caller: Caller, ownerUid: string, action: Action, uidd?: Uidd | string): Promise<AccountRole> {
    const role = await this.roleOn(caller, ownerUid);
    if (!role) throw notFound();
    if (!AccountAccess.allows(role, action, uidd)) throw forbidden();
    return role;
  }

  /** The same for many cameras, reading each account's role once. */
  async assertCameras(caller: Caller, uidds: readonly Uidd[], action: Action): Promise<void> {
    const roles = new Map<string, AccountRole | undefined>();
    for (const uidd of uidds) {
      const { owner } = splitUidd(uidd);
      if (!roles.has(owner)) roles.set(owner, await this.roleOn(caller, owner));
      const role = roles.get(owner);
      if (!role) throw notFound(`Camera ${uidd} not found`);
      if (!AccountAccess.allows(role, action, uidd)) throw forbidden();
    }
  }

  assertCamera(caller: Caller, uidd: Uidd, action: Action): Promise<AccountRole> {
    return this.assert(caller, splitUidd(uidd).owner, action, uidd);
  }
}
