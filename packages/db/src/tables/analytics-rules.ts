/**
 * Camera analytics: areas and alert rules (migration 0860, decision 0704), notification settings (0861, 0707), line
 * counts (0930, 0794).
 */
export interface AnalyticsAreasTable {
  id: string;
  uidd: string;
  name: string;
  /** The name in lower case: unique per camera (spec 001 §5). */
  name_key: string;
  /** 'zone' | 'line' */
  kind: string;
  /** JSON [[x, y], …] in 0..1 of the picture */
  points: string;
  created_at: number;
  updated_at: number;
}

export interface AnalyticsRulesTable {
  id: string;
  uidd: string;
  name: string;
  name_key: string;
  area_id: string;
  object_class: string;
  /** 'presence' | 'crossing' */
  event: string;
  /** 'in' | 'out' | 'both' | null */
  direction: string | null;
  /** JSON { days, from, to } or null (always) */
  schedule: string | null;
  notify: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface AnalyticsRuleTables {
  analytics_areas: AnalyticsAreasTable;
  analytics_rules: AnalyticsRulesTable;
  camera_notification_settings: CameraNotificationSettingsTable;
  analytics_line_counts: AnalyticsLineCountsTable;
}

/** Crossings of a count line per hour, object class and direction (migration 0930, decision 0794). */
export interface AnalyticsLineCountsTable {
  uidd: string;
  area_id: string;
  object_class: string;
  /** 'in' | 'out' */
  direction: string;
  /** The UTC hour's start, epoch ms. */
  hour_start: number;
  crossings: number;
}

/** One person's notifications for one camera (migration 0861, decision 0707). */
export interface CameraNotificationSettingsTable {
  uidd: string;
  user_uid: string;
  online_offline: number;
  analytics: number;
  rule_alerts: number;
  email: number;
  push: number;
  updated_at: number;
}
