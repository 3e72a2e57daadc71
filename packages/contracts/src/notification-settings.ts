import { z } from 'zod';
import { Uidd } from './ids.ts';

/**
 * One person's notifications for one camera (spec 001 §7 `GET/PATCH /cameras/{type}/config` with type
 * notifications, §6 notification actions; decision 0707): which events (online/offline, analytics, alert rules)
 * and by which channel (e-mail, web push).
 */
export const NotificationSettings = z.object({
  onlineOffline: z.boolean(),
  analytics: z.boolean(),
  /** Alerts of the camera's analytics rules (decision 0704): an analytics notification. */
  ruleAlerts: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * A camera's online/offline notice is sent once the new state has lasted this long (decision 0850): a camera that
 * drops and comes back within it (a reboot, a network blip, the recorder restarting ffmpeg) tells nobody.
 */
export const CAMERA_STATUS_DEBOUNCE_MS = 2 * 60_000;

/** Before a person chooses: every event their level may receive, by e-mail. */
export const NOTIFICATION_DEFAULTS: NotificationSettings = {
  onlineOffline: true,
  analytics: true,
  ruleAlerts: true,
  email: true,
  push: false,
};

export const NotificationConfigResponse = z.object({
  uidd: Uidd,
  settings: NotificationSettings,
  /** The events this person's level lets them receive (spec 001 §6: camera online or offline, analytics). */
  allowed: z.object({ onlineOffline: z.boolean(), analytics: z.boolean() }),
});
export type NotificationConfigResponse = z.infer<typeof NotificationConfigResponse>;

export const PatchNotificationConfigBody = z.strictObject({
  uidd: Uidd,
  settings: NotificationSettings.strict()
    .partial()
    .refine((s) => Object.keys(s).length > 0, 'nothing to change'),
});
export type PatchNotificationConfigBody = z.infer<typeof PatchNotificationConfigBody>;

/** `GET /push/key`: the deployment's VAPID public key, base64url (the browser's applicationServerKey, 0713). */
export const PushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

/** `POST /push/subscriptions`: a browser's PushSubscription as its `toJSON()` gives it (decision 0713). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** `DELETE /push/subscriptions`: the subscription's endpoint. */
export const PushUnsubscribeBody = z.object({ endpoint: z.string().max(2000) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;
