import type { Uidd } from '@vigil/contracts';
import type { Segment } from '@vigil/recorder';
import type { LeasesRepository } from './leases-repository.ts';

/** What the hand-over needs of this process's recorder (features/recording's `Recording`). */
export interface HandoverMedia {
  onSegment(listener: (segment: Segment) => void): () => void;
  forgetSegments(segments: readonly Segment[]): Promise<void>;
}

/** Own segments remembered per camera: a hand-over's overlap is a few segments; this is plenty. */
const REMEMBERED = 64;

/**
 * A camera handed from this recorder to another is recorded by both for a moment (the new one starts before the
 * old one stops). This tells when the successor's footage is in the index, so the old recorder may stop, and then
 * deletes the old recorder's copy of the overlap: its segments that start at or after the successor's first one,
 * those indexed already and those still to come (stopping a camera takes the recorder a few seconds, and its last
 * segment is indexed after). What is left is at most one segment of the old recorder overlapping the new one's
 * first (a new ffmpeg run, so a new run of the timeline: decision 0600).
 */
export class SegmentHandover {
  readonly #repo: LeasesRepository;
  readonly #media: HandoverMedia;
  readonly #own = new Map<Uidd, Segment[]>();
  /** Cameras handed over: own segments from this start on are the successor's footage too. */
  readonly #cutoff = new Map<Uidd, number>();
  /** Deletions of late overlap segments under way: a draining process awaits them before it exits. */
  readonly #deleting = new Set<Promise<void>>();
  readonly #unsubscribe: () => void;

  constructor(repo: LeasesRepository, media: HandoverMedia) {
    this.#repo = repo;
    this.#media = media;
    this.#unsubscribe = media.onSegment((s) => {
      const cutoff = this.#cutoff.get(s.uidd);
      if (cutoff !== undefined && s.startMs >= cutoff) {
        const deleting = media.forgetSegments([s]).catch(() => {});
        this.#deleting.add(deleting);
        void deleting.finally(() => this.#deleting.delete(deleting));
        return;
      }
      const list = this.#own.get(s.uidd) ?? [];
      list.push(s);
      if (list.length > REMEMBERED) list.shift();
      this.#own.set(s.uidd, list);
    });
  }

  /** The first segment since `takenAt` that this recorder did not make, if any yet. */
  async #successorFirst(uidd: Uidd, takenAt: number): Promise<{ id: string; startMs: number } | undefined> {
    const mine = new Set((this.#own.get(uidd) ?? []).map((s) => s.id));
    return (await this.#repo.segmentsSince(uidd, takenAt)).find((r) => !mine.has(r.id));
  }

  /** Whether the recorder that took the camera at `takenAt` has indexed footage of it yet. */
  async successorRecording(uidd: Uidd, takenAt: number): Promise<boolean> {
    return (await this.#successorFirst(uidd, takenAt)) !== undefined;
  }

  /**
   * Once this recorder is told to stop the camera: deletes its copy of the overlap, now and as its last segments
   * come; answers how many segments were deleted now.
   */
  async finish(uidd: Uidd, takenAt: number): Promise<number> {
    const first = await this.#successorFirst(uidd, takenAt);
    const mine = this.#own.get(uidd) ?? [];
    this.#own.delete(uidd);
    if (!first) return 0;
    this.#cutoff.set(uidd, first.startMs);
    const overlap = mine.filter((s) => s.startMs >= first.startMs);
    await this.#media.forgetSegments(overlap);
    return overlap.length;
  }

  /** This recorder took the camera (again): its footage is its own. */
  taken(uidds: readonly Uidd[]): void {
    for (const u of uidds) this.#cutoff.delete(u);
  }

  /**
   * Resolves once the late overlap segments announced so far are deleted. A drained recorder's last segments close
   * as its recorder stops, just before the process exits: without this wait their rows outlived their deletion and
   * the old recorder's footage came back in the index after the successor's (seen in the fleet stack test).
   */
  async settled(): Promise<void> {
    while (this.#deleting.size > 0) await Promise.all(this.#deleting);
  }

  close(): void {
    this.#unsubscribe();
  }
}
