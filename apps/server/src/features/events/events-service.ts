import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  EVENTS_PAGE_SIZE,
  type EventItem,
  type EventsQuery,
  type LabelCount,
  splitUidd,
  type Uidd,
  uiddOf,
  writeMotionScore,
} from '@vigil/contracts';
import { MOTION_EVENT_MAX_MS } from '@vigil/recorder';
import { notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { EventFilter, EventRow, EventsRepository } from './events-repository.ts';

/** Time-ordered event id: the start in ms as 9 base-36 digits, then randomness; ids sort like start times. */
export const newEventId = (startMs: number): string =>
  startMs.toString(36).padStart(9, '0') + randomBytes(6).toString('hex');

/**
 * How long after its start an event flagged ongoing is still believed to be (decision 0556): the recorder closes
 * every event within MOTION_EVENT_MAX_MS, so a flag older than that (and a margin for the end's pictures and
 * write) belongs to a recorder that stopped without ending it, and the event is shown as ended.
 */
export const ONGOING_MAX_MS = MOTION_EVENT_MAX_MS + 60_000;

export const isOngoing = (e: Pick<EventRow, 'ongoing' | 'start_ms'>, nowMs: number): boolean =>
  e.ongoing === 1 && nowMs - Number(e.start_ms) < ONGOING_MAX_MS;

export function toEventItem(
  e: EventRow,
  more: { tags: string[]; labels: string[]; nowMs: number },
): EventItem {
  const { owner, deviceId } = splitUidd(e.camera_uidd as Uidd);
  const ongoing = isOngoing(e, more.nowMs);
  return {
    id: e.id,
    alert: e.id,
    startTime: e.start_ms,
    endTime: e.end_ms,
    // While ongoing, end_ms is the start (the end is not known yet): 0, as the spec's entity has it.
    durationSeconds: ongoing ? 0 : Math.round((e.end_ms - e.start_ms) / 1000),
    rom: e.rom === 1,
    motionScore: writeMotionScore(e.score),
    logger: e.logger,
    cameraUidd: e.camera_uidd,
    uid: owner,
    deviceId,
    hasHighResStill: e.has_high_res_still === 1,
    tags: more.tags,
    labels: more.labels,
    ongoing,
  };
}

const filterOf = (q: EventsQuery): EventFilter => ({
  uidds: [...new Set(q.uidd)],
  startMs: q.startt,
  endMs: q.endt,
  beforeId: q.beforeId,
  label: q.rekogLabel,
  tags: q.tags,
});

/** Listing, tagging and deleting events, each checked against the caller's access to every camera involved. */
export class EventsService {
  readonly #events: EventsRepository;
  readonly #access: AccountAccess;
  readonly #now: () => number;
  constructor(events: EventsRepository, access: AccountAccess, now: () => number = Date.now) {
    this.#events = events;
    this.#access = access;
    this.#now = now;
  }

  async list(caller: Caller, q: EventsQuery): Promise<EventItem[]> {
    await this.#access.assertCameras(caller, q.uidd, 'events');
    const rows = await this.#events.page(filterOf(q), q.removeLimit ? undefined : EVENTS_PAGE_SIZE);
    // The page's tags and labels by its ids (decision 0556): the page query itself stays one indexed scan.
    const ids = rows.map((r) => r.id);
    const tags = await this.#events.tagsOf(ids);
    const labels = await this.#events.labelNamesOf(ids);
    const nowMs = this.#now();
    return rows.map((r) =>
      toEventItem(r, { tags: tags.get(r.id) ?? [], labels: labels.get(r.id) ?? [], nowMs }),
    );
  }

  async labelCounts(caller: Caller, q: EventsQuery): Promise<LabelCount[]> {
    await this.#access.assertCameras(caller, q.uidd, 'events');
    return this.#events.labelCounts(filterOf(q));
  }

  async tags(caller: Caller, q: EventsQuery): Promise<string[]> {
    await this.#access.assertCameras(caller, q.uidd, 'events');
    return this.#events.distinctTags(filterOf(q));
  }

  /** Deletes events of one camera with their thumbnails and stills. Ids of other cameras are ignored. */
  async delete(caller: Caller, uid: string, deviceId: string, ids: string[]): Promise<{ deleted: number }> {
    const uidd = uiddOf(uid, deviceId);
    await this.#access.assertCamera(caller, uidd, 'deleteVideo');
    const rows = await this.#events.deleteOfCamera(uidd, [...new Set(ids)]);
    await Promise.all(
      rows
        .flatMap((r) => [r.thumb_path, r.still_path])
        .filter((p): p is string => !!p)
        .map((p) => rm(p, { force: true })),
    );
    return { deleted: rows.length };
  }

  /** One event the caller may see; 'Not found' otherwise (spec 001 §8), whether missing or not theirs. */
  async event(caller: Caller, id: string, action: 'events' | 'deleteVideo' = 'events'): Promise<EventRow> {
    const e = await this.#events.find(id);
    if (
      !e ||
      !(await this.#access.may(caller, splitUidd(e.camera_uidd as Uidd).owner, action, e.camera_uidd))
    )
      throw notFound('Not found');
    return e;
  }

  async labels(caller: Caller, id: string) {
    await this.event(caller, id);
    return this.#events.labelsOf(id);
  }

  /** Tagging changes the event, so it takes the right to delete video (decision 0012). */
  async addTag(caller: Caller, id: string, tag: string): Promise<string[]> {
    await this.event(caller, id, 'deleteVideo');
    await this.#events.addTag(id, tag);
    return (await this.#events.tagsOf([id])).get(id) ?? [];
  }

  async removeTag(caller: Caller, id: string, tag: string): Promise<string[]> {
    await this.event(caller, id, 'deleteVideo');
    await this.#events.removeTag(id, tag);
    return (await this.#events.tagsOf([id])).get(id) ?? [];
  }
}
