/** Camera schedules (migration 0702): weekly entries in the camera's own time zone. */
export interface CameraSchedulesTable {
  uidd: string;
  /** 'recording' | 'notifications' */
  category: string;
  /** 0 Sunday … 6 Saturday */
  day_of_week: number;
  /** 'HH:MM', wall-clock time in the camera's zone */
  local_time: string;
  /** 'on' | 'off' */
  action: string;
  created_at: number;
}

export interface ScheduleTables {
  camera_schedules: CameraSchedulesTable;
}
