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
import { notFound } from '../../http/errors.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { Caller } from '../auth/tokens.ts';
import type { EventFilter, EventRow, EventsRepository } from './events-repository.ts';

/** Time-ordered event id: the start in ms as 9 base-36 digits, then randomness; ids sort like start times. */
export const newEventId = (startMs: number): string =>
  startMs.toString(36).padStart(9, '0') + randomBytes(6).toString('hex');

export function toEventItem(e: EventRow, tags: string[]): EventItem {
  const { owner, deviceId } = splitUidd(e.camera_uidd as Uidd);
  return {
    id: e.id,
    alert: e.id,
    startTime: e.start_ms,
    endTime: e.end_ms,
    durationSeconds: Math.round((e.end_ms - e.start_ms) / 1000),
    rom: e.rom === 1,
    motionScore: writeMotionScore(e.score),
    logger: e.logger,
    cameraUidd: e.camera_uidd,
    uid: owner,
    deviceId,
    hasHighResStill: e.has_high_res_still === 1,
    tags,
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
  constructor(events: EventsRepository, access: AccountAccess) {
    this.#events = events;
    this.#access = access;
  }

  async list(caller: Caller, q: EventsQuery): Promise<EventItem[]> {
    await this.#access.assertCameras(caller, q.uidd, 'events');
    const rows = await this.#events.page(filterOf(q), q.removeLimit ? undefined : EVENTS_PAGE_SIZE);
    const tags = await this.#events.tagsOf(rows.map((r) => r.id));
    return rows.map((r) => toEventItem(r, tags.get(r.id) ?? []));
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
