import {
  type AcceptInviteResult,
  type AccountPermission,
  type InviteMemberBody,
  type Member,
  type MultiUserAccessUser,
  type Organisation,
  operationsOf,
  PERMISSION_LEVELS,
  type PermissionLevel,
  type UpdateMemberBody,
} from '@vigil/contracts';
import type { Config } from '../../config.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { hashToken, randomId, randomToken } from '../../shared/random.ts';
import type { AccountAccess, AccountRole } from '../access/account-access.ts';
import { toOrganisation } from '../auth/account-info.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MembersRepository, MemberWithCameras } from './members-repository.ts';

/** Invitations are valid for a week. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** Lower index = more rights. A manager grants and changes only levels at or below their own. */
const rank = (level: PermissionLevel | 'owner'): number =>
  level === 'owner' ? -1 : PERMISSION_LEVELS.indexOf(level);
const levelOfRole = (role: AccountRole): PermissionLevel | 'owner' =>
  role.kind === 'member' ? role.level : 'owner';

export function toMember(m: MemberWithCameras): Member {
  return {
    id: m.id,
    email: m.email,
    alias: m.alias,
    level: m.level,
    cameraScope: m.camera_scope,
    cameras: m.camera_scope === 'all' ? [] : m.cameras,
    status: m.accepted_at === null ? 'invited' : 'active',
    uid: m.member_uid,
  };
}

export interface MembersDeps {
  config: Config;
  members: MembersRepository;
  /** Owners' e-mails and organisations (auth feature). */
  users: Pick<UserDirectory, 'emailOf' | 'organisationsOf'>;
  access: AccountAccess;
  mailer: Mailer;
  now: () => number;
  /** Throws unless the account's e-mail address is confirmed (auth feature, decision 0009). */
  requireVerifiedEmail: (uid: string) => Promise<void>;
}

/** Additional users of an account: invite, change, remove; and the accounts a user can open. */
export class MembersService {
  readonly #d: MembersDeps;
  constructor(deps: MembersDeps) {
    this.#d = deps;
  }

  async list(caller: Caller, ownerUid: string): Promise<Member[]> {
    await this.#d.access.assert(caller, ownerUid, 'manageUsers');
    return (await this.#d.members.ofOwner(ownerUid)).map(toMember);
  }

  async invite(caller: Caller, ownerUid: string, body: InviteMemberBody): Promise<Member> {
    const { members, users, access, mailer, config, now } = this.#d;
    const role = await access.assert(caller, ownerUid, 'manageUsers');
    this.#assertMayGrant(role, body.level);
    await this.#d.requireVerifiedEmail(ownerUid);
    const ownerEmail = await users.emailOf(ownerUid);
    if (ownerEmail === undefined) throw notFound();
    if (body.email === ownerEmail) throw badRequest('email: the account owner already has every permission');
    if (await members.findByOwnerAndEmail(ownerUid, body.email))
      throw conflict('This person already has access to the account');
    this.#assertCamerasOfAccount(ownerUid, body.cameras);
    const t = now();
    const token = randomToken();
    const row = {
      id: randomId(),
      owner_uid: ownerUid,
      member_uid: null,
      email: body.email,
      alias: body.alias || body.email,
      level: body.level,
      camera_scope: body.cameraScope,
      created_at: t,
      accepted_at: null,
    };
    await members.create(row, body.cameraScope === 'selected' ? body.cameras : [], {
      tokenHash: hashToken(token),
      expiresAt: t + INVITATION_TTL_MS,
    });
    const link = `${config.publicUrl}/acceptinvite?token=${encodeURIComponent(token)}&email=${encodeURIComponent(body.email)}`;
    await mailer.send({
      to: body.email,
      subject: `${ownerEmail} invited you to their cameras`,
      text: `${ownerEmail} gave you access to their cameras on Vigil.\n\nTo accept, open this link within a week:\n${link}\n\nIf you have no account yet, you can create one with this e-mail address from that page.\n`,
    });
    return toMember({ ...row, cameras: body.cameraScope === 'selected' ? body.cameras : [] });
  }

  async update(caller: Caller, ownerUid: string, memberId: string, body: UpdateMemberBody): Promise<Member> {
    const { members, access } = this.#d;
    const role = await access.assert(caller, ownerUid, 'manageUsers');
    const member = await members.find(memberId);
    if (!member || member.owner_uid !== ownerUid) throw notFound();
    // Nobody raises or changes their own access; a manager touches only people at or below their level.
    if (member.member_uid === caller.uid) throw forbidden('You cannot change your own access');
    this.#assertMayGrant(role, member.level);
    if (body.level) this.#assertMayGrant(role, body.level);
    if (body.cameras) this.#assertCamerasOfAccount(ownerUid, body.cameras);
    const scope = body.cameraScope ?? member.camera_scope;
    await members.update(
      memberId,
      {
        ...(body.alias !== undefined ? { alias: body.alias || member.email } : {}),
        ...(body.level ? { level: body.level } : {}),
        camera_scope: scope,
      },
      scope === 'all' ? [] : body.cameras,
    );
    const updated = (await members.ofOwner(ownerUid)).find((m) => m.id === memberId);
    if (!updated) throw notFound();
    return toMember(updated);
  }

  /** The owner side removes someone; a member may also leave an account themselves. */
  async remove(caller: Caller, ownerUid: string, memberId: string): Promise<true> {
    const { members, access } = this.#d;
    const member = await members.find(memberId);
    if (!member || member.owner_uid !== ownerUid) {
      await access.assert(caller, ownerUid, 'manageUsers');
      throw notFound();
    }
    if (member.member_uid !== caller.uid) {
      const role = await access.assert(caller, ownerUid, 'manageUsers');
      this.#assertMayGrant(role, member.level);
    }
    await members.remove(memberId);
    return true;
  }

  /** Accepts an invitation for the signed-in user, whose e-mail must be the invited one. */
  async accept(caller: Caller, token: string): Promise<AcceptInviteResult> {
    return this.acceptFor(caller.uid, await this.#d.users.emailOf(caller.uid), token);
  }

  /** Accepts for a user by uid and e-mail (also used right after registering with an invitation). */
  async acceptFor(uid: string, email: string | undefined, token: string): Promise<AcceptInviteResult> {
    const { members, now } = this.#d;
    const invalid = new HttpError(
      400,
      'invalid_link',
      'This invitation is invalid, used or expired. Ask for a new one.',
    );
    const hash = hashToken(token);
    const inv = await members.findInvitation(hash);
    if (!inv || inv.used_at !== null || inv.expires_at <= now()) throw invalid;
    const member = await members.find(inv.member_id);
    if (!member || !email) throw invalid;
    if (member.email !== email)
      throw forbidden(`This invitation is for ${member.email}; sign in with that address to accept it`);
    if (!(await members.accept(hash, member.id, uid, now()))) throw invalid;
    return { ownerUid: member.owner_uid, level: member.level };
  }

  /** GET /multiuser/:uid/access/users — the accounts the user can open (spec 000 §3). */
  async accessUsers(caller: Caller, uid: string): Promise<MultiUserAccessUser[]> {
    this.#assertSelf(caller, uid);
    const rows = await this.#d.members.membershipsOf(uid);
    return Promise.all(
      rows.map(async (r) => {
        const orgs = await this.#d.users.organisationsOf(r.owner_uid);
        return {
          alias: r.alias === r.owner_email || !r.alias ? (orgs[0]?.name ?? r.owner_email) : r.alias,
          maxAge: Math.max(0, ...orgs.map((o) => o.cloud_storage_duration)),
          uid: r.owner_uid,
          // As the session's organisations say it: level 'none' opens no camera.
          has_cameras: r.level !== 'none' && orgs.some((o) => Number(o.has_cameras) === 1),
          has_ppe_cameras: r.level !== 'none' && orgs.some((o) => Number(o.has_ppe_cameras) === 1),
          email: r.owner_email,
        };
      }),
    );
  }

  /** GET /multiuser/:uid/account-permissions — what the user may do on each account they can open. */
  async accountPermissions(caller: Caller, uid: string): Promise<AccountPermission[]> {
    this.#assertSelf(caller, uid);
    const rows = await this.#d.members.membershipsOf(uid);
    return rows.map((r) => ({
      object_uid: r.owner_uid,
      email: r.owner_email,
      name: r.owner_email,
      operations: operationsOf(r.level),
    }));
  }

  /** Accounts the user opens as an additional user, as organisations of the session (spec 000 §3). */
  async sessionOrganisations(uid: string): Promise<Organisation[]> {
    const rows = await this.#d.members.membershipsOf(uid);
    const result: Organisation[] = [];
    for (const r of rows) {
      for (const o of await this.#d.users.organisationsOf(r.owner_uid)) {
        const org = toOrganisation(o);
        // Level 'none' keeps someone on the account without camera access: nothing for camera screens.
        result.push({ ...org, cameras: org.cameras && r.level !== 'none', coowner: r.level === 'coowner' });
      }
    }
    return result;
  }

  #assertSelf(caller: Caller, uid: string): void {
    if (caller.uid !== uid && caller.accountType !== 's') throw forbidden();
  }

  #assertMayGrant(role: AccountRole, level: PermissionLevel): void {
    const own = levelOfRole(role);
    // Only the owner makes co-owners; others grant levels strictly below their own.
    if (own !== 'owner' && rank(level) <= rank(own))
      throw forbidden(`You cannot grant or change the ${level} level`);
  }

  #assertCamerasOfAccount(ownerUid: string, cameras: readonly string[]): void {
    const foreign = cameras.find((u) => !u.startsWith(`${ownerUid}.`));
    if (foreign) throw badRequest(`cameras: ${foreign} is not a camera of this account`);
  }
}
