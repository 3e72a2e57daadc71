import { vapidKeys } from './features/bootstrap/vapid.ts';
import { createNotifications } from './features/notifications/module.ts';
import { createPush } from './features/push/module.ts';
import type { Core } from './shared/core.ts';

type NotifierDeps = Omit<Parameters<typeof createNotifications>[0], 'push' | 'db' | 'log' | 'now'>;

/**
 * Web push and the notifications' sender, built together for buildApp (decisions 0710, 0713): the sender pushes
 * through push's subscriptions; the VAPID keys are read (or made) on first use.
 */
export function createNotificationFeatures(core: Core, d: NotifierDeps) {
  let vapid: ReturnType<typeof vapidKeys> | undefined;
  const push = createPush({
    ...core,
    supportEmail: core.config.SUPPORT_EMAIL,
    keys: () => (vapid ??= vapidKeys(core.db)),
  });
  const notifications = createNotifications({
    ...core,
    ...d,
    push: (uid, p, urgency) => push.push.send(uid, p, urgency),
  });
  return { push, notifications };
}
