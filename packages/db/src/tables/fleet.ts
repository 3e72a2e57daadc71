/**
 * A recorder fleet (migration 0600, decision 0600): the recorder processes ("logger hosts") and the leases by which
 * each holds the cameras it records. Times are epoch ms; `draining` is 0/1.
 */
export interface RecordersTable {
  /** RECORDER_ID: `<hostname>:<PORT>` unless configured. */
  id: string;
  /** The origin browsers reach it at (RECORDER_PUBLIC_URL); written to `cameras.logger` of the cameras it takes. */
  public_url: string;
  /** The most cameras it records (RECORDER_CAPACITY). */
  capacity: number;
  heartbeat_at: number;
  /** 1 while it hands its cameras over to the others before stopping. */
  draining: number;
  started_at: number;
}

export interface CameraLeasesTable {
  camera_uidd: string;
  /** The recorder that records the camera; NULL: free. */
  recorder_id: string | null;
  /** Past it, the lease may be taken by another recorder. 0 on a free row. */
  expires_at: number;
  acquired_at: number;
}

export interface FleetTables {
  recorders: RecordersTable;
  camera_leases: CameraLeasesTable;
}
