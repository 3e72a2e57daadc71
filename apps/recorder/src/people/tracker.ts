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
  path: { x: number; y: number; t: number; predicted?: true }[];
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
  /**
   * A track seen once has no velocity to predict with: its reach is this many of its box's heights per second
   * unseen instead (a brisk walker covers about one of its heights a second; the scene's fastest 1.5), so a
   * track of someone who left is not matched to whoever enters seconds later across the picture (decision 0890).
   */
  maxHeightsPerSec: number;
  /**
   * Matching by centre needs boxes of about the same height: at most this ratio (the same person, not a nearer or
   * farther one; a box cut by the picture's edge is a little shorter).
   */
  maxHeightRatio: number;
  /**
   * A track seen once ends when unseen longer than this (ms): with no velocity it cannot be followed, and matched
   * later to whoever comes next it would count them the wrong way (decision 0890).
   */
  maxUnseenOnceMs: number;
  /** In matching by centre, what a change of height by a factor e weighs against a distance of one box height. */
  scaleWeight: number;
  /**
   * The picture, in the boxes' coordinates: a track whose predicted box has left it ends at once (it walked out),
   * rather than waiting `maxMissed` pictures to be matched to the next person entering (decision 0890).
   */
  frame?: Box;
}

export const TRACKER_DEFAULTS: TrackerOptions = {
  minIou: 0.2,
  maxCentreSizes: 2,
  maxMissed: 3,
  maxHeightsPerSec: 2,
  maxHeightRatio: 1.5,
  maxUnseenOnceMs: 4000,
  scaleWeight: 3,
};

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
    // Before matching: a track that walked out of the picture, or was seen once too long ago, takes nobody.
    this.#endGone(t);
    const byIou: Pair[] = [];
    const byDistance: Pair[] = [];
    for (const track of this.#tracks) {
      const dt = t - track.path.at(-1)!.t;
      const predicted = moved(track.box, track.vx * dt, track.vy * dt);
      const p = centre(predicted);
      const reach = this.#reach(track, predicted, dt);
      detections.forEach((d, det) => {
        const score = iou(predicted, d);
        if (score >= this.#o.minIou) byIou.push({ track, det, score });
        const c = centre(d);
        const far = Math.hypot(c.x - p.x, c.y - p.y);
        // Nearer and of more alike size is better (SORT's state has the box's scale): ranked after every IoU pair.
        // Two people passing each other seconds apart are each nearer to where the other was; their sizes differ.
        if (far <= reach && this.#alike(track.box, d)) {
          const h = track.box.y2 - track.box.y1;
          const scale = Math.abs(Math.log((d.y2 - d.y1) / h));
          byDistance.push({ track, det, score: -(far / h + this.#o.scaleWeight * scale) });
        }
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
    const over = (tr: Track) => tr.missed > this.#o.maxMissed;
    this.#ended.push(...this.#tracks.filter(over));
    this.#tracks = this.#tracks.filter((tr) => !over(tr));
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

  /**
   * How far from its predicted centre a track takes a detection: a few box sizes when it has a velocity (SORT's
   * prediction), else as far as a walker goes in the time unseen (decision 0890).
   */
  #reach(track: Track, predicted: Box, dt: number): number {
    const size = Math.max(predicted.x2 - predicted.x1, predicted.y2 - predicted.y1);
    const near = this.#o.maxCentreSizes * size;
    if (track.hits > 1) return near;
    return Math.min(near, (this.#o.maxHeightsPerSec * (predicted.y2 - predicted.y1) * dt) / 1000);
  }

  #alike(a: Box, b: Box): boolean {
    const ha = a.y2 - a.y1;
    const hb = b.y2 - b.y1;
    return Math.max(ha, hb) <= this.#o.maxHeightRatio * Math.min(ha, hb);
  }

  /**
   * Whether the track is over by time `t`: seen once more than `maxUnseenOnceMs` ago, or its box, moved by its
   * velocity to `t`, wholly outside the picture.
   */
  #gone(track: Track, t: number): boolean {
    const dt = t - track.path.at(-1)!.t;
    if (track.hits === 1) return dt > this.#o.maxUnseenOnceMs;
    const f = this.#o.frame;
    if (!f) return false;
    const b = moved(track.box, track.vx * dt, track.vy * dt);
    return b.x2 <= f.x1 || b.x1 >= f.x2 || b.y2 <= f.y1 || b.y1 >= f.y2;
  }

  /**
   * Ends the tracks over by time `t` (no picture: motion is over). A track whose prediction has left the picture
   * ends with that predicted place as its path's last point (`predicted`): the step there may cross a count line
   * (SORT's prediction path, decision 0890), for a walker seen only on one side of it between sparse pictures.
   */
  #endGone(t: number): void {
    const gone = this.#tracks.filter((tr) => this.#gone(tr, t));
    for (const tr of gone) {
      if (tr.hits < 2) continue;
      const dt = t - tr.path.at(-1)!.t;
      tr.path.push({ ...footing(moved(tr.box, tr.vx * dt, tr.vy * dt)), t, predicted: true });
    }
    this.#ended.push(...gone);
    this.#tracks = this.#tracks.filter((tr) => !gone.includes(tr));
  }

  /** Ends, at time `t` with no picture (motion is over), the tracks then over; returns all ended since the last take. */
  finish(t: number): Track[] {
    this.#endGone(t);
    return this.takeEnded();
  }

  /** Tracks that ended since the last call. */
  takeEnded(): Track[] {
    return this.#ended.splice(0);
  }
}
