/** Error reports from browsers (POST /web-errors/:uid/slack), kept for support to read. */
export interface WebErrorReportsTable {
  id: string;
  /** The uid in the path: an account id, or `anonymous`. */
  uid: string;
  /** The signed-in caller, when the request carried a valid token. */
  caller_uid: string | null;
  identifier: string;
  href: string;
  message: string;
  trace: string;
  info: string;
  user_agent: string | null;
  client_ip: string | null;
  created_at: number;
  /** When it reached the Slack webhook; null when none is configured or forwarding failed. */
  forwarded_at: number | null;
  forward_error: string | null;
}

/** Usage-log entries (POST /tracking/:uid/0/alog). */
export interface UsageLogsTable {
  id: string;
  uid: string;
  type: string;
  host: string;
  fingerprint: string;
  instance: string;
  version: string;
  url: string;
  window_size: string;
  client_ip: string | null;
  user_agent: string | null;
  created_at: number;
}

/** Tables of error reporting and usage logs (migration 0004). */
export interface ReportingTables {
  web_error_reports: WebErrorReportsTable;
  usage_logs: UsageLogsTable;
}
