import { PushKeyResponse } from '@vigil/contracts';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/client.ts';

/** Why this browser cannot receive push notifications: a text key of the settings set. */
export class PushRefused extends Error {
  readonly key: 'notificationSettings.pushUnsupported' | 'notificationSettings.pushDenied';
  constructor(key: PushRefused['key']) {
    super(key);
    this.key = key;
  }
}

const Done = z.object({ ok: z.literal(true) });

/**
 * Subscribes this browser to web push (decision 0713): registers the app's service worker (`/sw.js`), asks the
 * person's permission (only from their click on the box), subscribes with the deployment's VAPID key and hands the
 * subscription to the server. Subscribing again returns the browser's existing subscription: idempotent.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    throw new PushRefused('notificationSettings.pushUnsupported');
  if ((await Notification.requestPermission()) !== 'granted')
    throw new PushRefused('notificationSettings.pushDenied');
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiFetch('/push/key', PushKeyResponse);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    ),
  });
  await apiFetch('/push/subscriptions', Done, { method: 'POST', body: subscription.toJSON() });
}
