import type { Uidd } from '@vigil/contracts';
import type { AccountAccess } from './features/access/account-access.ts';
import { createAnalyticsRules } from './features/analytics-rules/module.ts';
import { createCameraConfig } from './features/camera-config/module.ts';
import type { CamerasModule } from './features/cameras/module.ts';
import type { LicencesService } from './features/licences/licences-service.ts';
import { createNotificationSettings } from './features/notification-settings/module.ts';
import type { RealtimeBus } from './features/realtime/bus.ts';
import { createSchedules } from './features/schedules/module.ts';
import type { Core } from './shared/core.ts';

/**
 * The camera settings features, built together for buildApp (decisions 0700–0707): the configuration calls (with
 * PTZ presets), schedules (their scheduler switches recording through the configuration), analytics areas and
 * alert rules (their evaluator gets the labeller's recognised stills), and each person's notification settings.
 */
export function createCameraSettingsFeatures(d: {
  core: Core;
  camera: CamerasModule;
  licences: { licences: LicencesService };
  realtime: { bus: RealtimeBus };
  access: { accounts: AccountAccess };
}) {
  const cameraConfig = createCameraConfig({ cameras: d.camera, licences: d.licences.licences });
  const schedules = createSchedules({
    ...d.core,
    cameras: d.camera,
    applyRecording: (uidd, on, owner) => cameraConfig.recording.scheduled(uidd as Uidd, on, owner),
  });
  const analyticsRules = createAnalyticsRules({ ...d.core, cameras: d.camera, bus: d.realtime.bus });
  const notificationSettings = createNotificationSettings({
    ...d.core,
    cameras: d.camera,
    accounts: d.access.accounts,
  });
  return {
    scheduler: schedules.scheduler,
    evaluator: analyticsRules.evaluator,
    /** What the notifications' sender reads (decision 0710): people's choices and the cameras' schedules. */
    notificationSettings: notificationSettings.settings,
    notificationSchedule: schedules.notificationSchedule,
    crossings: analyticsRules.crossings,
    plateRules: analyticsRules.plates,
    zonesOf: analyticsRules.zonesOf,
    routes: [cameraConfig.routes, schedules.routes, analyticsRules.routes, notificationSettings.routes],
  };
}
