/** Multi-user access, invitations and camera groups (migration 0005). */
export interface AccountMembersTable {
  id: string;
  /** The account (its owner's uid) this member may open. */
  owner_uid: string;
  /** Null until the invitation is accepted. */
  member_uid: string | null;
  email: string;
  alias: string;
  level: 'coowner' | 'admin' | 'readonly' | 'viewonly' | 'liveonly' | 'none';
  camera_scope: 'all' | 'selected';
  created_at: number;
  accepted_at: number | null;
}

export interface AccountMemberCamerasTable {
  member_id: string;
  uidd: string;
}

export interface InvitationsTable {
  token_hash: string;
  member_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface CameraGroupsTable {
  id: string;
  owner_uid: string;
  name: string;
  created_at: number;
}

export interface CameraGroupCamerasTable {
  group_id: string;
  uidd: string;
}

/** An account owner's consent to support seeing its pictures and video, until expires_at (decision 0017). */
export interface SupportGrantsTable {
  account_uid: string;
  /** Who granted it: the owner or a co-owner. */
  granted_by: string;
  granted_at: number;
  expires_at: number;
}

export interface AccountTables {
  account_members: AccountMembersTable;
  account_member_cameras: AccountMemberCamerasTable;
  invitations: InvitationsTable;
  camera_groups: CameraGroupsTable;
  camera_group_cameras: CameraGroupCamerasTable;
  support_grants: SupportGrantsTable;
}
