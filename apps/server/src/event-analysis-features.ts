import type { createCameraSettingsFeatures } from './camera-settings-features.ts';
import { createLabels } from './features/labels/module.ts';
import { createMotion } from './features/motion/module.ts';
import { createPpe } from './features/ppe/module.ts';
import type { RecordingPort } from './features/recording/recording.ts';
import { createVehicles } from './features/vehicles/module.ts';
import type { Core } from './shared/core.ts';

type LabelsDeps = Parameters<typeof createLabels>[0];
type VehiclesDeps = Parameters<typeof createVehicles>[0];
type MotionDeps = Parameters<typeof createMotion>[0];

/**
 * What happens to a motion event, built together for buildApp: the motion sink makes it, its stills go to the
 * labeller (objects, alert rules: 0704) and the plate analyser (0790, watch-lists: 0796), and while motion lasts
 * the labels' sampler feeds people counting and crossing rules with live keyframes (0794); the labelled stills of
 * PPE cameras go to the PPE check (0870).
 */
export function createEventAnalysis(
  core: Core,
  d: {
    cameras: LabelsDeps['cameras'] & MotionDeps['cameras'];
    access: VehiclesDeps['access'];
    accounts: VehiclesDeps['accounts'];
    /** The realtime bus as it is, and as events are published to it (the notifications see them: 0710). */
    bus: LabelsDeps['bus'];
    eventsBus: MotionDeps['bus'];
    licences: LabelsDeps['licences'];
    settings: Pick<
      ReturnType<typeof createCameraSettingsFeatures>,
      'evaluator' | 'crossings' | 'plateRules' | 'zonesOf'
    >;
    recording: Pick<RecordingPort, 'keyframePicture'> | undefined;
    keyframeAt: VehiclesDeps['keyframe'];
    timezoneOf: (uidd: string) => Promise<string>;
    plates: Pick<VehiclesDeps, 'recogniser' | 'keyframe'> | undefined;
  },
) {
  const { settings, recording } = d;
  const ppe = createPpe({ ...core, access: d.access, zonesOf: settings.zonesOf, bus: d.bus });
  const labels = createLabels({
    ...core,
    cameras: d.cameras,
    bus: d.bus,
    licences: d.licences,
    onRecognised: async (r) => {
      // The PPE check (0870) judges the same detections on its own queue: never waits, never fails the rules.
      ppe.analyser.picture(r);
      return settings.evaluator.evaluate(r);
    },
    // People counting and crossing rules (0794): live keyframes of the recorder in this process while motion lasts.
    counting: recording?.keyframePicture && {
      picture: (uidd, afterMs) => recording.keyframePicture!(uidd, afterMs),
      wanted: (uidd) => settings.crossings.wants(uidd),
      onPicture: (p) => settings.crossings.picture(p),
      onQuiet: (uidd) => void settings.crossings.quiet(uidd),
    },
  });
  const vehicles = createVehicles({
    ...core,
    access: d.access,
    accounts: d.accounts,
    keyframe: d.keyframeAt,
    ...d.plates,
    // Plate watch-lists' rules (0796), in the camera's time zone.
    onPlates: async (seen) =>
      settings.plateRules.evaluate({ ...seen, timezoneName: await d.timezoneOf(seen.uidd) }),
  });
  const motion = createMotion({
    ...core,
    cameras: d.cameras,
    bus: d.eventsBus,
    onStill: (e) => {
      labels.labeller.still(e);
      vehicles.analyser.still(e);
    },
    onEnded: (e) => {
      vehicles.analyser.ended(e);
      labels.sampler?.ended(e);
    },
    onStarted: (e) => labels.sampler?.started(e),
  });
  return { labels, vehicles, motion, ppe };
}
