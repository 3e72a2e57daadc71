/** Motion and alert events (migration 0006). */
export interface EventsTable {
  /** Time-ordered id: 13 base-36 digits of the start in ms, then random; sorts like (start, tie-break). */
  id: string;
  owner_uid: string;
  camera_uidd: string;
  start_ms: number;
  end_ms: number;
  /** 0..10; served as '0a' when 10 (spec 001 §3). */
  score: number;
  rom: number;
  logger: string | null;
  has_high_res_still: number;
  /** 1 from the recorder's start of the event to its end (migration 0556, decision 0556); else 0. */
  ongoing: number;
  thumb_path: string | null;
  still_path: string | null;
  created_at: number;
}

export interface EventLabelsTable {
  event_id: string;
  label: string;
  confidence: number;
}

export interface EventTagsTable {
  event_id: string;
  tag: string;
}

export interface EventTables {
  events: EventsTable;
  event_labels: EventLabelsTable;
  event_tags: EventTagsTable;
}
