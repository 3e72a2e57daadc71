import {
  AcceptInviteBody,
  AcceptInviteResult,
  AccountPermission,
  ActiveSession,
  CameraGroupRecord,
  ChangeEmailBody,
  ChangeEmailResult,
  ChangePasswordBody,
  CreateGroupBody,
  Done,
  InviteMemberBody,
  Member,
  MultiUserAccessUser,
  PreferencesBody,
  PreferencesResult,
  RenameGroupBody,
  SetGroupCamerasBody,
  UpdateMemberBody,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodApp, ZodTypeProvider } from '../../http/zod.ts';
import type { AccountService } from '../auth/account-service.ts';
import type { GroupsService } from './groups-service.ts';
import type { MembersService } from './members-service.ts';

const Id = z.string().min(1).max(64);
const UidParams = z.strictObject({ uid: Id });
const MemberParams = z.strictObject({ uid: Id, memberId: Id });
const GroupParams = z.strictObject({ uid: Id, id: Id });
const SessionParams = z.strictObject({ uid: Id, seriesId: Id });

export interface AccountRouteDeps {
  members: MembersService;
  groups: GroupsService;
  account: AccountService;
}

/** Multi-user access, camera groups and the own-account calls (spec 000 §7; the rest decision 0011). */
export async function accountRoutes(app: FastifyInstance, d: AccountRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  memberRoutes(r, d);
  groupRoutes(r, d);
  ownAccountRoutes(r, d);
}

/** Multi-user access: members, invitations, what each may see. */
function memberRoutes(r: ZodApp, d: AccountRouteDeps): void {
  r.get(
    '/multiuser/:uid/access/users',
    { schema: { params: UidParams, response: { 200: z.array(MultiUserAccessUser) } } },
    (req) => d.members.accessUsers(callerOf(req), req.params.uid),
  );
  r.get(
    '/multiuser/:uid/account-permissions',
    { schema: { params: UidParams, response: { 200: z.array(AccountPermission) } } },
    (req) => d.members.accountPermissions(callerOf(req), req.params.uid),
  );
  r.get(
    '/multiuser/:uid/members',
    { schema: { params: UidParams, response: { 200: z.array(Member) } } },
    (req) => d.members.list(callerOf(req), req.params.uid),
  );
  r.post(
    '/multiuser/:uid/members',
    { schema: { params: UidParams, body: InviteMemberBody, response: { 200: Member } } },
    (req) => d.members.invite(callerOf(req), req.params.uid, req.body),
  );
  r.patch(
    '/multiuser/:uid/members/:memberId',
    { schema: { params: MemberParams, body: UpdateMemberBody, response: { 200: Member } } },
    (req) => d.members.update(callerOf(req), req.params.uid, req.params.memberId, req.body),
  );
  r.delete(
    '/multiuser/:uid/members/:memberId',
    { schema: { params: MemberParams, response: { 200: Done } } },
    (req) => d.members.remove(callerOf(req), req.params.uid, req.params.memberId),
  );
  r.post(
    '/multiuser/invites/accept',
    { schema: { body: AcceptInviteBody, response: { 200: AcceptInviteResult } } },
    (req) => d.members.accept(callerOf(req), req.body.token),
  );
}

/** A user's camera groups. */
function groupRoutes(r: ZodApp, d: AccountRouteDeps): void {
  r.get(
    '/users/:uid/groups',
    { schema: { params: UidParams, response: { 200: z.array(CameraGroupRecord) } } },
    (req) => d.groups.list(callerOf(req), req.params.uid),
  );
  r.post(
    '/users/:uid/groups',
    { schema: { params: UidParams, body: CreateGroupBody, response: { 200: CameraGroupRecord } } },
    (req) => d.groups.create(callerOf(req), req.params.uid, req.body.groupName, req.body.uidd),
  );
  r.put(
    '/users/:uid/groups/:id/name',
    { schema: { params: GroupParams, body: RenameGroupBody, response: { 200: CameraGroupRecord } } },
    (req) => d.groups.rename(callerOf(req), req.params.uid, req.params.id, req.body.newName),
  );
  r.put(
    '/users/:uid/groups/:id',
    { schema: { params: GroupParams, body: SetGroupCamerasBody, response: { 200: CameraGroupRecord } } },
    (req) => d.groups.setCameras(callerOf(req), req.params.uid, req.params.id, req.body.uidd),
  );
  r.delete('/users/:uid/groups/:id', { schema: { params: GroupParams, response: { 200: Done } } }, (req) =>
    d.groups.remove(callerOf(req), req.params.uid, req.params.id),
  );
}

/** The signed-in user's own account: e-mail, password, preferences, sessions. */
function ownAccountRoutes(r: ZodApp, d: AccountRouteDeps): void {
  r.put(
    '/account/:uid/email',
    { schema: { params: UidParams, body: ChangeEmailBody, response: { 200: ChangeEmailResult } } },
    (req) => d.account.changeEmail(callerOf(req), req.params.uid, req.body.newEmail, req.body.password),
  );
  r.put(
    '/account/:uid/password',
    { schema: { params: UidParams, body: ChangePasswordBody, response: { 200: Done } } },
    (req) =>
      d.account.changePassword(callerOf(req), req.params.uid, req.body.currentPassword, req.body.newPassword),
  );
  r.patch(
    '/account/:uid/preferences',
    { schema: { params: UidParams, body: PreferencesBody, response: { 200: PreferencesResult } } },
    (req) => d.account.setPreferences(callerOf(req), req.params.uid, req.body),
  );
  r.get(
    '/account/:uid/sessions',
    { schema: { params: UidParams, response: { 200: z.array(ActiveSession) } } },
    (req) => d.account.sessions(callerOf(req), req.params.uid),
  );
  r.delete(
    '/account/:uid/sessions/:seriesId',
    { schema: { params: SessionParams, response: { 200: Done } } },
    (req) => d.account.endSession(callerOf(req), req.params.uid, req.params.seriesId),
  );
}
