/** Share links for recorded video and every use of them (migration 0007). */
export interface ShareLinksTable {
  /** The token's jti; the token itself is not stored. */
  id: string;
  creator_uid: string;
  camera_uidd: string;
  start_sec: number;
  end_sec: number;
  access: 'private' | 'public';
  /** Epoch ms, or null for a link that never expires. */
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface ShareLinkUsesTable {
  link_id: string;
  used_at: number;
  viewer_uid: string | null;
  client_ip: string | null;
  outcome: string;
}

export interface SharingTables {
  share_links: ShareLinksTable;
  share_link_uses: ShareLinkUsesTable;
}
