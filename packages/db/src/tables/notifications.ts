/** Notifications sent (migration 0910, decisions 0710, 0711). */
export interface NotificationTables {
  notification_sends: NotificationSendsTable;
  health_alert_states: HealthAlertStatesTable;
  push_subscriptions: PushSubscriptionsTable;
}

/** When a person was last notified about a camera, per kind: the rate limit's claim (decision 0710). */
export interface NotificationSendsTable {
  user_uid: string;
  uidd: string;
  kind: 'motion' | 'rule';
  last_sent_at: number;
}

/** A health alert rule's state as last told to support (decision 0711): 1 firing, 0 resolved. */
export interface HealthAlertStatesTable {
  alert_key: string;
  firing: number;
  changed_at: number;
}

/** A browser's web push subscription (migration 0911, decision 0713). */
export interface PushSubscriptionsTable {
  /** SHA-256 of the endpoint, base64url. */
  id: string;
  user_uid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}
