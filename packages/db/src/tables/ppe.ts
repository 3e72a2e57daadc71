/** The PPE check (migration 1050, decisions 0870, 0871). */

/** Cameras with the PPE check switched on (a row each; none: off), and their safety zones. */
export interface PpeCamerasTable {
  camera_uidd: string;
  owner_uid: string;
  /** JSON array of analytics area ids (kind zone); empty: every zone of the camera. */
  zone_ids: string;
  enabled_at: number;
}

/** A person in a safety zone without a hard hat or a high-visibility vest, in one still of a motion event. */
export interface PpeViolationsTable {
  id: string;
  owner_uid: string;
  camera_uidd: string;
  event_id: string;
  still_time_ms: number;
  /** The analytics area (null: the camera has no zone; its whole picture is the safety zone). */
  zone_id: string | null;
  zone_name: string | null;
  missing_helmet: number;
  missing_vest: number;
  confidence: number;
  /** The person's box in 0..1 of the picture, JSON [x1, y1, x2, y2]. */
  box: string;
  created_at: number;
}

export interface PpeTables {
  ppe_cameras: PpeCamerasTable;
  ppe_violations: PpeViolationsTable;
}
