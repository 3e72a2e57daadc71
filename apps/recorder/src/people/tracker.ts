/**
 * A small multi-object tracker for people counting (decision 0793): detections of one picture are matched to the
 * tracks of the last by intersection over union with each track's box moved by its velocity (a constant-velocity
 * prediction, the motion model of SORT: Bewley et al., "Simple Online and Realtime Tracking", ICIP 2016, which
 * matches with a Kalman filter and the Hungarian method; greedy best-IoU-first matching is enough for the few
 * people of one camera); what IoU leaves, by the nearest predicted centre within twice the box's size; velocities per unit of
 * time, so pictures may come unevenly (decision 0794).
 * Unmatched detections start tracks; a track unseen for `maxMissed` pictures ends.
 */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Track {
  id: number;
  box: Box;
  /** Centre velocity per unit of the pictures' time `t` (x, y): pictures need not come at an even pace. */
  vx: number;
  vy: number;
  /** Where the object stood in each picture it was seen in (its box's bottom middle), oldest first (line crossing). */
  path: { x: number; y: number; t: number }[];
  missed: number;
  hits: number;
}

export interface TrackerOptions {
  /** A detection joins a track at or above this IoU with its predicted box. */
  minIou: number;
  /**
   * Else, among what IoU left unmatched, a detection joins the nearest track whose predicted centre is within this
   * many times the larger side of the track's box (0: IoU only). Pictures seconds apart (decision 0794) move a
   * walker further than IoU can follow before the track has a velocity.
   */
  maxCentreSizes: number;
  /** Pictures a track may go unseen before it ends. */
  maxMissed: number;
}

export const TRACKER_DEFAULTS: TrackerOptions = { minIou: 0.2, maxCentreSizes: 2, maxMissed: 3 };

export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

const centre = (b: Box) => ({ x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 });
/** Where an object stands: feet or wheels, as a count line drawn on the ground is crossed (decision 0794). */
const footing = (b: Box) => ({ x: (b.x1 + b.x2) / 2, y: b.y2 });
const moved = (b: Box, dx: number, dy: number): Box => ({
  x1: b.x1 + dx,
  y1: b.y1 + dy,
  x2: b.x2 + dx,
  y2: b.y2 + dy,
});

interface Pair {
  track: Track;
  det: number;
  score: number;
}

export class Tracker {
  readonly #o: TrackerOptions;
  #tracks: Track[] = [];
  #nextId = 1;
  readonly #ended: Track[] = [];

  constructor(o: Partial<TrackerOptions> = {}) {
    this.#o = { ...TRACKER_DEFAULTS, ...o };
  }

  /** Feeds one picture's detections (time `t`); returns the live tracks. */
  update(detections: readonly Box[], t: number): readonly Track[] {
    const byIou: Pair[] = [];
    const byDistance: Pair[] = [];
    for (const track of this.#tracks) {
      const dt = t - track.path.at(-1)!.t;
      const predicted = moved(track.box, track.vx * dt, track.vy * dt);
      const p = centre(predicted);
      const reach =
        this.#o.maxCentreSizes * Math.max(predicted.x2 - predicted.x1, predicted.y2 - predicted.y1);
      detections.forEach((d, det) => {
        const score = iou(predicted, d);
        if (score >= this.#o.minIou) byIou.push({ track, det, score });
        const c = centre(d);
        const far = Math.hypot(c.x - p.x, c.y - p.y);
        // Nearer is better: ranked after every IoU pair, by distance.
        if (far <= reach) byDistance.push({ track, det, score: -far });
      });
    }
    byIou.sort((a, b) => b.score - a.score);
    byDistance.sort((a, b) => b.score - a.score);
    const usedTracks = new Set<Track>();
    const usedDets = new Set<number>();
    for (const p of [...byIou, ...byDistance]) {
      if (usedTracks.has(p.track) || usedDets.has(p.det)) continue;
      usedTracks.add(p.track);
      usedDets.add(p.det);
      const d = detections[p.det]!;
      const before = centre(p.track.box);
      const after = centre(d);
      const dt = t - p.track.path.at(-1)!.t;
      p.track.vx = dt > 0 ? (after.x - before.x) / dt : 0;
      p.track.vy = dt > 0 ? (after.y - before.y) / dt : 0;
      p.track.box = d;
      p.track.missed = 0;
      p.track.hits++;
      p.track.path.push({ ...footing(d), t });
    }
    for (const track of this.#tracks) if (!usedTracks.has(track)) track.missed++;
    this.#ended.push(...this.#tracks.filter((tr) => tr.missed > this.#o.maxMissed));
    this.#tracks = this.#tracks.filter((tr) => tr.missed <= this.#o.maxMissed);
    detections.forEach((d, i) => {
      if (usedDets.has(i)) return;
      this.#tracks.push({
        id: this.#nextId++,
        box: d,
        vx: 0,
        vy: 0,
        path: [{ ...footing(d), t }],
        missed: 0,
        hits: 1,
      });
    });
    return this.#tracks;
  }

  /** Tracks that ended since the last call. */
  takeEnded(): Track[] {
    return this.#ended.splice(0);
  }
}
