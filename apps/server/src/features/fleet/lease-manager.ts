import type { Uidd } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Claimed, LeasesRepository } from './leases-repository.ts';

/** Starts and stops the recording of cameras (the LeasedCameraSource of this process's recorder). */
export interface LeaseHolder {
  hold(uidds: readonly Uidd[]): Promise<void>;
  drop(uidds: readonly Uidd[]): Promise<void>;
}

/** The gap-free hand-over of a camera another recorder took (SegmentHandover); without it, stop at once. */
export interface Handover {
  successorRecording(uidd: Uidd, takenAt: number): Promise<boolean>;
  /** The camera is being stopped here: its overlap with the successor's footage is this recorder's to delete. */
  finish(uidd: Uidd, takenAt: number): Promise<number>;
  taken(uidds: readonly Uidd[]): void;
}

/**
 * A recorder whose heartbeat is older than this is removed from the fleet by the others, its row deleted and the
 * leases in its name freed (decision 0612): an hour, 360 default lease times, so no live recorder, however stalled,
 * is ever removed, and a host down for maintenance simply registers again when it comes back.
 */
export const DEAD_RECORDER_REMOVED_AFTER_MS = 60 * 60 * 1000;

export interface LeaseManagerOptions {
  repo: LeasesRepository;
  id: string;
  publicUrl: string;
  capacity: number;
  ttlMs: number;
  holder: LeaseHolder;
  /** The cameras' `logger` becomes this recorder's public URL when it takes them (features/cameras). */
  assignLogger: (uidds: readonly Uidd[], url: string) => Promise<void>;
  handover?: Handover | undefined;
  /**
   * Cameras taken from a recorder that died (or from this one's previous run): the motion events it left open are
   * closed before recording starts here (decision 0610).
   */
  orphaned?: ((uidds: readonly Uidd[]) => Promise<void>) | undefined;
  /**
   * Cameras taken from another recorder, now recording here: their live viewers are told to ask livecommand again
   * (decision 0616). Not for this recorder's own earlier leases (a restart: the address is the same).
   */
  moved?: ((uidds: readonly Uidd[], url: string) => void) | undefined;
  log: FastifyBaseLogger;
  /** How long a camera another recorder took is still recorded here at most, waiting for the successor's footage. */
  handoverMaxMs?: number;
}

interface Handing {
  takenAt: number;
  since: number;
}

/**
 * Holds this recorder's share of the cameras by leases in PostgreSQL (decision 0600). Every third of the lease time
 * it heartbeats, renews its leases, stops cameras it lost, and evens the load: it takes free or expired leases up to
 * its fair share (cameras / live recorders, rounded up, at most its capacity) and offers what it holds beyond it.
 * An offered or drained camera is recorded until the recorder that took it has footage in the index.
 */
export class LeaseManager {
  readonly #o: LeaseManagerOptions;
  /** Cameras this recorder holds and records; 'offered': its lease is left to expire for another to take. */
  readonly #held = new Map<Uidd, 'own' | 'offered'>();
  readonly #handing = new Map<Uidd, Handing>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #halted = true;
  #draining = false;
  #drained: (() => void) | undefined;

  constructor(options: LeaseManagerOptions) {
    this.#o = options;
  }

  get id(): string {
    return this.#o.id;
  }

  /** How many camera leases this recorder holds now (offered ones not yet taken included), and whether it drains. */
  leases(): { held: number; draining: boolean } {
    return { held: this.#held.size, draining: this.#draining };
  }

  /** Whether this recorder holds the camera's lease (a camera handed over but not stopped yet: no). */
  holds(uidd: Uidd): boolean {
    return this.#held.has(uidd);
  }

  /** The cameras this recorder records now (held, and handed over but not yet stopped). */
  recording(): Uidd[] {
    return [...this.#held.keys(), ...this.#handing.keys()].sort();
  }

  async start(): Promise<void> {
    const { repo, id, ttlMs } = this.#o;
    await repo.register(this.#o);
    this.#halted = false;
    // A restart under the same id: the leases still in its name are its own again (the claim never takes back its
    // own expired leases, those are its offers), and recording resumes without waiting for them to expire.
    await this.#take(
      (await repo.renew(id, await repo.heldBy(id), ttlMs)).map((uidd) => ({ uidd, previous: id })),
    );
    await this.#tick();
  }

  /** Stops renewing without releasing anything: what a crash looks like to the others (tests). */
  halt(): void {
    this.#halted = true;
    clearTimeout(this.#timer);
  }

  /**
   * Hands every camera over and leaves the fleet: marked draining, each camera is offered and recorded until another
   * recorder has taken it and has footage; after `budgetMs`, or when no other recorder is live, what is left is
   * released. Resolves once nothing is recorded here.
   */
  async drain(budgetMs: number): Promise<void> {
    if (this.#halted) return;
    this.#draining = true;
    await this.#o.repo.setDraining(this.#o.id);
    const done = new Promise<void>((resolve) => {
      this.#drained = resolve;
    });
    const budget = setTimeout(() => void this.#schedule(() => this.#giveUp()), budgetMs);
    await this.#schedule(() => this.#step());
    await done;
    clearTimeout(budget);
  }

  // ---- the tick ------------------------------------------------------------------------------------------

  /** One step at a time: a tick, a drain's first step and its give-up never overlap. */
  #schedule(f: () => Promise<void>): Promise<void> {
    this.#running = this.#running.then(f).catch((err: unknown) => {
      this.#o.log.error({ err: String(err), recorder: this.#o.id }, 'lease step failed');
    });
    return this.#running;
  }

  async #tick(): Promise<void> {
    let delay = Math.floor(this.#o.ttlMs / 3);
    await this.#schedule(async () => {
      await this.#step();
      // A live recorder's leases never come within a third of the lease time of expiring; one that does belongs to a
      // recorder that stopped renewing: look again just after it expires instead of up to a third later.
      if (this.#halted || this.#draining || this.#held.size >= this.#o.capacity) return;
      const next = await this.#o.repo.nextForeignExpiry(this.#o.id);
      if (next !== undefined && next + 50 < delay) delay = next + 50;
    });
    if (!this.#halted) this.#timer = setTimeout(() => void this.#tick(), Math.max(50, delay));
  }

  async #step(): Promise<void> {
    if (this.#halted) return;
    const { repo, id, ttlMs } = this.#o;
    const beat = await repo.heartbeat(id);
    if (!beat) await repo.register(this.#o);
    if (beat?.draining && !this.#draining) {
      this.#o.log.info({ recorder: id }, 'recorder marked draining: handing its cameras over');
      this.#draining = true;
    }
    const removed = await repo.removeDead(DEAD_RECORDER_REMOVED_AFTER_MS);
    if (removed.length > 0) this.#o.log.info({ recorder: id, removed }, 'long-dead recorders removed');
    const cameras = await repo.sync();
    await this.#renew();
    await this.#handOver();
    const live = await repo.liveRecorders(ttlMs);
    if (this.#draining) await this.#drainStep(live);
    else await this.#balance(cameras, live);
  }

  /** Renews the own leases; a camera whose lease is no longer this recorder's is stopped or handed over. */
  async #renew(): Promise<void> {
    const { repo, id, ttlMs, holder } = this.#o;
    const own = [...this.#held].filter(([, s]) => s === 'own').map(([u]) => u);
    const renewed = new Set(await repo.renew(id, own, ttlMs));
    const check = [...this.#held.keys()].filter((u) => !renewed.has(u));
    const owners = new Map((await repo.owners(check)).map((o) => [o.uidd, o]));
    const gone: Uidd[] = [];
    for (const uidd of check) {
      const o = owners.get(uidd);
      if (o?.recorderId === id) continue; // offered, not taken yet
      this.#held.delete(uidd);
      if (o?.recorderId) this.#handing.set(uidd, { takenAt: o.acquiredAt, since: Date.now() });
      else gone.push(uidd); // uninstalled or deleted: nothing to hand over
    }
    if (gone.length > 0) {
      this.#o.log.info({ recorder: id, cameras: gone }, 'cameras gone: recording stopped');
      await holder.drop(gone);
    }
  }

  /** Cameras another recorder took: stopped once its footage is indexed, and the overlap deleted. */
  async #handOver(): Promise<void> {
    const { handover, holder } = this.#o;
    const maxMs = this.#o.handoverMaxMs ?? 3 * this.#o.ttlMs;
    for (const [uidd, h] of this.#handing) {
      const ready = !handover || (await handover.successorRecording(uidd, h.takenAt));
      if (!ready && Date.now() - h.since < maxMs) continue;
      this.#handing.delete(uidd);
      await holder.drop([uidd]);
      const removed = (await handover?.finish(uidd, h.takenAt)) ?? 0;
      this.#o.log.info({ recorder: this.#o.id, uidd, overlapRemoved: removed }, 'camera handed over');
    }
  }

  /** Takes cameras up to the fair share, offers what is held beyond it. */
  async #balance(cameras: number, live: number): Promise<void> {
    const { repo, id, ttlMs, capacity } = this.#o;
    const share = Math.min(capacity, Math.ceil(cameras / Math.max(1, live)));
    const own = [...this.#held].filter(([, s]) => s === 'own').map(([u]) => u);
    if (own.length > share) {
      const excess = own.sort().slice(share);
      await repo.offer(id, excess);
      for (const u of excess) this.#held.set(u, 'offered');
      this.#o.log.info({ recorder: id, cameras: excess, share }, 'offering cameras beyond the fair share');
      return;
    }
    let missing = share - own.length;
    // Offered ones not taken yet come back first: they are recording here already.
    const offered = [...this.#held].filter(([, s]) => s === 'offered').map(([u]) => u);
    for (const u of await repo.renew(id, offered.slice(0, missing), ttlMs)) {
      this.#held.set(u, 'own');
      missing--;
    }
    await this.#take(await repo.claim(id, missing, ttlMs));
  }

  async #take(claimed: readonly Claimed[]): Promise<void> {
    if (claimed.length === 0) return;
    const got = claimed.map((c) => c.uidd);
    for (const u of got) this.#held.set(u, 'own');
    await this.#closeOrphans(claimed);
    this.#o.handover?.taken(got);
    this.#o.log.info({ recorder: this.#o.id, cameras: got }, 'took camera leases');
    await this.#o.assignLogger(got, this.#o.publicUrl);
    await this.#o.holder.hold(got);
    const moved = claimed.filter((c) => c.previous !== this.#o.id).map((c) => c.uidd);
    if (moved.length > 0) this.#o.moved?.(moved, this.#o.publicUrl);
  }

  /**
   * Taken from a dead recorder (its heartbeat stale: a live one's leases expire only when it offers them), or from
   * this recorder's own previous run: that run will never end the events it had open. A failure is logged, not fatal.
   */
  async #closeOrphans(claimed: readonly Claimed[]): Promise<void> {
    const { orphaned, repo, id, ttlMs } = this.#o;
    if (!orphaned) return;
    try {
      const before = [
        ...new Set(claimed.flatMap((c) => (c.previous && c.previous !== id ? [c.previous] : []))),
      ];
      // A live recorder heartbeats every third of the lease time; one whose lease expired heartbeated last about a
      // lease time ago, at its last renewal, so "within the lease time" would still count it alive for a moment.
      const alive = await repo.alive(before, Math.ceil((2 * ttlMs) / 3));
      const uidds = claimed.filter((c) => c.previous !== null && !alive.has(c.previous)).map((c) => c.uidd);
      if (uidds.length > 0) await orphaned(uidds);
    } catch (err) {
      this.#o.log.error({ err: String(err), recorder: id }, 'open events of taken cameras not closed');
    }
  }

  async #drainStep(live: number): Promise<void> {
    const own = [...this.#held].filter(([, s]) => s === 'own').map(([u]) => u);
    if (live === 0) {
      // Nobody to hand over to: release now rather than hold cameras nobody will take.
      await this.#giveUp();
      return;
    }
    await this.#o.repo.offer(this.#o.id, own);
    for (const u of own) this.#held.set(u, 'offered');
    if (this.#held.size === 0 && this.#handing.size === 0) await this.#leave();
  }

  /** Releases whatever is still held and stops it; leaves the fleet. */
  async #giveUp(): Promise<void> {
    if (this.#halted) return;
    const held = [...this.#held.keys()];
    const pending = [...this.#handing.keys()];
    await this.#o.repo.release(this.#o.id, held);
    this.#held.clear();
    this.#handing.clear();
    await this.#o.holder.drop([...held, ...pending]);
    if (held.length > 0) this.#o.log.warn({ recorder: this.#o.id, cameras: held }, 'drain: cameras released');
    await this.#leave();
  }

  async #leave(): Promise<void> {
    await this.#o.repo.remove(this.#o.id);
    this.halt();
    this.#drained?.();
  }
}
