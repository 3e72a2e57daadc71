import { NVR_MODE_NAMES, type NvrMode, type RecordingResolution } from '@vigil/contracts';

/** Resolutions in increasing order (decision 0309's classes). */
const RANK: Record<RecordingResolution, number> = { SD: 0, '1MP': 1, '2MP': 2, '4MP': 3, '8MP': 4 };

export type StreamChoice =
  | { ok: true; stream: 'main' | 'sd'; resolution: RecordingResolution }
  | { ok: false; problem: string };

/**
 * Which of the camera's streams to record for an nvrmode (decision 0701): the largest at or below the chosen
 * resolution, never a converted one. The main stream's class is the camera's (from its probed size); a sub
 * stream counts as SD. Nothing at or below: the answer says so, and what the camera offers.
 */
export function chooseRecordedStream(
  nvrmode: NvrMode,
  camera: { main: RecordingResolution; hasSd: boolean },
): StreamChoice {
  const wanted = NVR_MODE_NAMES[nvrmode];
  if (RANK[camera.main] <= RANK[wanted]) return { ok: true, stream: 'main', resolution: camera.main };
  if (camera.hasSd) return { ok: true, stream: 'sd', resolution: 'SD' };
  return {
    ok: false,
    problem: `This camera offers no stream at or below ${wanted}: it sends ${camera.main} only, and Vigil records what the camera sends without converting it. Choose ${camera.main} or above.`,
  };
}
