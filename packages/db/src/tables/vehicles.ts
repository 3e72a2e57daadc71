/** Licence plate recognition (migration 0800, decisions 0790, 0791). */

/** Cameras with the LPR add-on switched on (a row each; none: off). */
export interface LprCamerasTable {
  camera_uidd: string;
  owner_uid: string;
  enabled_at: number;
}

/** Spec 001 §3 Vehicle analytics record: a plate read in an event's pictures, its best read. */
export interface VehicleRecordsTable {
  id: string;
  event_id: string;
  owner_uid: string;
  camera_uidd: string;
  licence_plate: string;
  licence_plate_region: string | null;
  confidence: number;
  still_time_ms: number;
  make: string | null;
  model: string | null;
  colour: string | null;
  /** 'front' | 'rear' | null. */
  location: string | null;
  sighting_id: string;
  created_at: number;
}

/** Reads of one plate (edit distance ≤ 1) on one camera, each within the sighting window of the last. */
export interface PlateSightingsTable {
  id: string;
  owner_uid: string;
  camera_uidd: string;
  /** The plate of its most confident read. */
  licence_plate: string;
  licence_plate_region: string | null;
  first_seen_ms: number;
  last_seen_ms: number;
  location: string | null;
  colour: string | null;
  confidence: number;
}

export interface VehicleTables {
  lpr_cameras: LprCamerasTable;
  vehicle_records: VehicleRecordsTable;
  plate_sightings: PlateSightingsTable;
  plate_watch_entries: PlateWatchEntriesTable;
}

/** A plate on an account's allow or deny list (migration 0931, decision 0796). */
export interface PlateWatchEntriesTable {
  owner_uid: string;
  /** 'allow' | 'deny' */
  list: string;
  /** Normalised: letters and digits, upper case. */
  plate: string;
  note: string;
  created_at: number;
}
