import type { RealtimeMessage } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { RealtimeBus } from '../realtime/bus.ts';
import { CameraNotifier, type CameraNotifierDeps } from './camera-notifier.ts';
import { SendsRepository } from './sends-repository.ts';

/**
 * Builds the notifications feature (decision 0710): the sender of camera notifications. It has no routes: people's
 * choices are features/notification-settings', the schedule features/schedules'.
 */
export function createNotifications(d: Omit<CameraNotifierDeps, 'sends'> & { db: Db }) {
  const notifier = new CameraNotifier({ ...d, sends: new SendsRepository(d.db) });
  return { notifier };
}

/**
 * The realtime bus as the features that make events publish to it: each message also goes to `observe` (the
 * notifier), in the process that made it. Messages read back from another process (NATS) do not pass here.
 */
export function observedBus(bus: RealtimeBus, observe: (m: RealtimeMessage) => void): RealtimeBus {
  return {
    publish: (m) => {
      bus.publish(m);
      observe(m);
    },
    subscribe: (listener) => bus.subscribe(listener),
  };
}
