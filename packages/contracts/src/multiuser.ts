import { z } from 'zod';
import { Email } from './auth.ts';
import { Uidd } from './ids.ts';
import { PERMISSION_LEVELS } from './permissions.ts';

export const PermissionLevelSchema = z.enum(PERMISSION_LEVELS);

/** An account the user can open, as GET /multiuser/:uid/access/users answers it (spec 000 §3). */
export const MultiUserAccessUser = z.object({
  alias: z.string(),
  maxAge: z.number(),
  uid: z.string(),
  has_cameras: z.boolean(),
  has_ppe_cameras: z.boolean(),
  email: z.string(),
});
export type MultiUserAccessUser = z.infer<typeof MultiUserAccessUser>;

/** A permission the user holds on another account (spec 000 §3). */
export const AccountPermission = z.object({
  object_uid: z.string(),
  email: z.string(),
  name: z.string(),
  operations: z.array(z.string()),
});
export type AccountPermission = z.infer<typeof AccountPermission>;

/** An additional user of an account, as its owner manages them on /manage-plan/additional-users. */
export const Member = z.object({
  id: z.string(),
  email: z.string(),
  alias: z.string(),
  level: PermissionLevelSchema,
  /** 'all' cameras of the account, or only `cameras`. */
  cameraScope: z.enum(['all', 'selected']),
  cameras: z.array(z.string()),
  status: z.enum(['invited', 'active']),
  uid: z.string().nullable(),
});
export type Member = z.infer<typeof Member>;

export const InviteMemberBody = z.strictObject({
  email: Email,
  alias: z.string().trim().max(100).optional(),
  level: PermissionLevelSchema,
  cameraScope: z.enum(['all', 'selected']).default('all'),
  cameras: z.array(Uidd).max(1000).default([]),
});
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const UpdateMemberBody = z.strictObject({
  alias: z.string().trim().max(100).optional(),
  level: PermissionLevelSchema.optional(),
  cameraScope: z.enum(['all', 'selected']).optional(),
  cameras: z.array(Uidd).max(1000).optional(),
});
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

export const AcceptInviteBody = z.strictObject({ token: z.string().min(10).max(200) });
/** What POST /multiuser/invites/accept answers: the account joined and the level held there. */
export const AcceptInviteResult = z.object({
  ownerUid: z.string(),
  level: PermissionLevelSchema,
});
export type AcceptInviteResult = z.infer<typeof AcceptInviteResult>;
