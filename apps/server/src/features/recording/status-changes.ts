import type { Uidd } from '@vigil/contracts';
import type { CameraStatusReport } from '../cameras/status-provider.ts';
import type { NoticeStore, StoredNotice } from './status-notices-repository.ts';

/** The states people are told about (decision 0850). */
export type NoticedState = 'online' | 'offline';

/** A camera's state that has lasted the debounce: what the notifications tell (decision 0850). */
export interface CameraStatusChange {
  uidd: Uidd;
  state: NoticedState;
  /** When the new state began (its first sighting), epoch ms. */
  since: number;
  /** For 'online': when the offline spell that ends now began; for 'offline': when it last came online. */
  previousSince: number;
  /** For 'offline': why, as the recorder said (decision 0308: 'unreachable', 'unauthorised'…), else null. */
  problem: string | null;
  /** The debounce it lasted, ms (the notice says it). */
  lastedMs: number;
}

/**
 * What a recorder's report says for notices: online while video comes; offline when the recorder reads the camera
 * and gets none (or knows why); nothing known while it starts or is not read at all ('standby': not recorded and
 * nobody watching), which neither confirms nor ends a spell.
 */
export function noticedStateOf(r: CameraStatusReport | undefined): NoticedState | undefined {
  if (!r) return undefined;
  if (r.state === 'live' || r.state === 'online') return 'online';
  if (r.state === 'starting' || r.problem === 'standby' || r.problem === 'starting') return undefined;
  return 'offline';
}

interface Track {
  /** The state last settled (told, or the first one seen: nobody is told of that). */
  settled: NoticedState | undefined;
  settledSince: number;
  pending: { state: NoticedState; since: number; problem: string | null } | undefined;
}

/**
 * The debounce (decision 0850), pure: each camera's sightings in, a change out once a state other than the settled
 * one has been seen for `debounceMs` without a break. A sighting of the settled state, or of nothing known, drops
 * the pending one, so a flap shorter than the debounce tells nobody. The first state a camera settles in (after
 * this process starts, or takes the camera) is not a change: a restart does not repeat what was told before it.
 */
export class StatusDebounce {
  readonly #debounceMs: number;
  readonly #tracks = new Map<Uidd, Track>();
  constructor(debounceMs: number) {
    this.#debounceMs = debounceMs;
  }

  observe(
    uidd: Uidd,
    state: NoticedState | undefined,
    now: number,
    problem: string | null = null,
  ): CameraStatusChange | undefined {
    let t = this.#tracks.get(uidd);
    if (!t) {
      t = { settled: undefined, settledSince: now, pending: undefined };
      this.#tracks.set(uidd, t);
    }
    if (state === undefined || state === t.settled) {
      t.pending = undefined;
      return undefined;
    }
    if (t.pending?.state !== state) t.pending = { state, since: now, problem };
    // The latest reason: ffmpeg's first failure after a drop may not be the one that lasts.
    else t.pending.problem = problem;
    if (now - t.pending.since < this.#debounceMs) return undefined;
    const before = t.settled;
    const previousSince = t.settledSince;
    const p = t.pending;
    t.settled = p.state;
    t.settledSince = p.since;
    t.pending = undefined;
    if (before === undefined) return undefined;
    return {
      uidd,
      state: p.state,
      since: p.since,
      previousSince,
      problem: p.problem,
      lastedMs: this.#debounceMs,
    };
  }

  /** The state a camera settled in, if any (support, tests). */
  settled(uidd: Uidd): NoticedState | undefined {
    return this.#tracks.get(uidd)?.settled;
  }

  /** When the settled state began. */
  settledSince(uidd: Uidd): number | undefined {
    return this.#tracks.get(uidd)?.settledSince;
  }

  /** Whether the camera is read here already (else it is seeded first, decision 0874). */
  known(uidd: Uidd): boolean {
    return this.#tracks.has(uidd);
  }

  /**
   * Starts (or restarts) a camera from the state last told (decision 0874): a sighting of another state is then a
   * change to tell once it lasts the debounce, also the first one after this process started. Nothing pending.
   */
  seed(uidd: Uidd, told: { state: NoticedState; since: number } | undefined, now: number): void {
    this.#tracks.set(uidd, {
      settled: told?.state,
      settledSince: told?.since ?? now,
      pending: undefined,
    });
  }

  /** Drops what is known of one camera (it is seeded again from the database at the next sweep). */
  forget(uidd: Uidd): void {
    this.#tracks.delete(uidd);
  }

  /** Drops the cameras no longer read here (removed, or handed to another recorder). */
  retain(uidds: ReadonlySet<Uidd>): void {
    for (const u of this.#tracks.keys()) if (!uidds.has(u)) this.#tracks.delete(u);
  }
}

export interface StatusChangesDeps {
  /** The cameras this recorder reads. */
  cameras: () => readonly Uidd[];
  statuses: (uidds: readonly Uidd[]) => Promise<ReadonlyMap<Uidd, CameraStatusReport>>;
  onChange: (change: CameraStatusChange) => void;
  now: () => number;
  sweepMs: number;
  /** The told states (decision 0874); without it they live in memory only. */
  store?: NoticeStore | undefined;
  /**
   * Whether this process tells a camera's changes: a fleet's recorder holds its lease (a camera handed over but not
   * stopped yet is its successor's). Default: every camera read.
   */
  announces?: ((uidd: Uidd) => boolean) | undefined;
}

/**
 * Reads the recorder's statuses every `sweepMs` and hands each debounced change to `onChange` (decision 0850). It
 * runs in the process that records the cameras (a fleet: the holder of the camera's lease). With a store (0874) each
 * camera starts from the state last told, a change is told only by the process that moves the stored row from the
 * version it read, and a first state is recorded unless a row exists.
 */
export class StatusChanges {
  readonly #d: StatusChangesDeps;
  readonly debounce: StatusDebounce;
  /** The stored row's version each camera's settled state was read or written at. */
  readonly #versions = new Map<Uidd, number>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(d: StatusChangesDeps & { debounceMs: number }) {
    this.#d = d;
    this.debounce = new StatusDebounce(d.debounceMs);
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      // A failed read (the recorder stopping) is tried again at the next sweep; nothing pending is lost.
      this.#running ??= this.sweep()
        .catch(() => undefined)
        .finally(() => {
          this.#running = undefined;
        });
    }, this.#d.sweepMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  async sweep(): Promise<void> {
    const { announces } = this.#d;
    const uidds = announces ? this.#d.cameras().filter((u) => announces(u)) : this.#d.cameras();
    const reports = await this.#d.statuses(uidds);
    const now = this.#d.now();
    const read = new Set(uidds);
    this.debounce.retain(read);
    for (const u of this.#versions.keys()) if (!read.has(u)) this.#versions.delete(u);
    await this.#seed(
      uidds.filter((u) => !this.debounce.known(u)),
      now,
    );
    for (const uidd of uidds) {
      const r = reports.get(uidd);
      const before = this.debounce.settled(uidd);
      const change = this.debounce.observe(uidd, noticedStateOf(r), now, r?.problem ?? null);
      try {
        if (change) await this.#tell(change, now);
        else if (before === undefined) await this.#first(uidd, now);
      } catch {
        // The database did not answer: read the camera again from its row at the next sweep (told late, not lost).
        this.debounce.forget(uidd);
      }
    }
  }

  /** Cameras new to this process start from the state last told. */
  async #seed(uidds: readonly Uidd[], now: number): Promise<void> {
    if (uidds.length === 0) return;
    const told = this.#d.store ? await this.#d.store.load(uidds) : new Map<Uidd, StoredNotice>();
    for (const uidd of uidds) this.#adopt(uidd, told.get(uidd), now);
  }

  #adopt(uidd: Uidd, told: StoredNotice | undefined, now: number): void {
    this.debounce.seed(uidd, told, now);
    if (told) this.#versions.set(uidd, told.version);
    else this.#versions.delete(uidd);
  }

  /** A change that lasted the debounce: told here if this process moves the row, else adopted as the other told it. */
  async #tell(change: CameraStatusChange, now: number): Promise<void> {
    const store = this.#d.store;
    if (!store) return this.#d.onChange(change);
    const version = this.#versions.get(change.uidd);
    if (version !== undefined && (await store.move(change.uidd, version, change.state, change.since, now))) {
      this.#versions.set(change.uidd, version + 1);
      return this.#d.onChange(change);
    }
    this.#adopt(change.uidd, (await store.load([change.uidd])).get(change.uidd), now);
  }

  /** A camera's first settled state (nobody's news) is recorded unless another process recorded one. */
  async #first(uidd: Uidd, now: number): Promise<void> {
    const state = this.debounce.settled(uidd);
    const store = this.#d.store;
    if (!store || state === undefined) return;
    const since = this.debounce.settledSince(uidd) ?? now;
    // Another process's row wins (a state other than it is then a change to tell); else it is this one.
    const told = await store.first(uidd, state, since, now);
    if (told) this.#adopt(uidd, told, now);
  }
}
