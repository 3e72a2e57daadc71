import type { Database, Db, EventsTable } from '@vigil/db';
import { type ExpressionBuilder, sql } from 'kysely';

export type EventRow = EventsTable;

export interface EventFilter {
  uidds: string[];
  startMs?: number | undefined;
  endMs?: number | undefined;
  /** Keyset cursor: with endMs, only events before (endMs, beforeId) in (start, id) order. */
  beforeId?: string | undefined;
  label?: string | undefined;
  tags?: string[] | undefined;
}

type EventsEb = ExpressionBuilder<Database, 'events'>;

/**
 * Event ids in lists short enough for one `in (…)`: a page is 50, but removeLimit lists every event of the range,
 * and SQLite and PostgreSQL cap a statement's parameters (32 766, 65 535).
 */
function chunks(ids: string[], size = 1000): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** Events and their labels and tags. Lists walk the (camera, start, id) index newest first; no offsets. */
export class EventsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: EventRow, labels: { label: string; confidence: number }[] = []): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.insertInto('events').values(row).execute();
      if (labels.length)
        await tx
          .insertInto('event_labels')
          .values(labels.map((l) => ({ event_id: row.id, ...l })))
          .execute();
    });
  }

  /**
   * Adds recognition labels to an event (decision 0555): a label it already has keeps the higher confidence (the
   * start's picture and the peak's may both show it). Nothing when the event is gone (deleted meanwhile): false.
   */
  async addLabels(id: string, labels: readonly { label: string; confidence: number }[]): Promise<boolean> {
    if (!labels.length) return false;
    return this.#db.transaction().execute(async (tx) => {
      const event = await tx.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst();
      if (!event) return false;
      const had = new Map(
        (
          await tx
            .selectFrom('event_labels')
            .select(['label', 'confidence'])
            .where('event_id', '=', id)
            .execute()
        ).map((l) => [l.label, l.confidence]),
      );
      for (const l of labels) {
        const old = had.get(l.label);
        if (old === undefined)
          await tx
            .insertInto('event_labels')
            .values({ event_id: id, ...l })
            .execute();
        else if (l.confidence > old)
          await tx
            .updateTable('event_labels')
            .set({ confidence: l.confidence })
            .where('event_id', '=', id)
            .where('label', '=', l.label)
            .execute();
      }
      return true;
    });
  }

  /**
   * Clears the ongoing flag of these cameras' events started since `sinceMs` (a recorder starting them again,
   * decision 0556): older flags are ignored when served, and the bound keeps this on the (camera, start) index.
   */
  async closeOngoing(uidds: readonly string[], sinceMs: number): Promise<void> {
    for (const ids of chunks([...uidds])) {
      await this.#db
        .updateTable('events')
        .set({ ongoing: 0 })
        .where('camera_uidd', 'in', ids)
        .where('start_ms', '>=', sinceMs)
        .where('ongoing', '=', 1)
        .execute();
    }
  }

  /**
   * Closes the events a dead recorder left open on one camera (decision 0610): ongoing ones started since `sinceMs`
   * end at `endMs` (the end of its last indexed segment), or at their start if that came before. Answers their ids.
   */
  async closeOngoingAt(uidd: string, sinceMs: number, endMs: number): Promise<string[]> {
    const rows = await this.#db
      .updateTable('events')
      .set({
        ongoing: 0,
        end_ms: sql<number>`case when start_ms > ${endMs} then start_ms else ${endMs} end`,
      })
      .where('camera_uidd', '=', uidd)
      .where('start_ms', '>=', sinceMs)
      .where('ongoing', '=', 1)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Changes an event as it ends (motion detection: end, score, pictures at the peak, no longer ongoing). */
  async update(
    id: string,
    patch: Partial<
      Pick<EventRow, 'end_ms' | 'score' | 'thumb_path' | 'still_path' | 'has_high_res_still' | 'ongoing'>
    >,
  ): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.#db.updateTable('events').set(patch).where('id', '=', id).execute();
  }

  /**
   * Ended events that still have pictures, oldest first, every camera: the storage watermark deletes them once no
   * footage is left to delete (decision 0208). No index serves this order: it runs only on a full disk.
   */
  async oldestWithPictures(limit: number): Promise<Pick<EventRow, 'id' | 'thumb_path' | 'still_path'>[]> {
    return this.#db
      .selectFrom('events')
      .select(['id', 'thumb_path', 'still_path'])
      .where((eb) => eb.or([eb('thumb_path', 'is not', null), eb('still_path', 'is not', null)]))
      .where('ongoing', '=', 0)
      .orderBy('start_ms')
      .limit(limit)
      .execute();
  }

  /** The events keep their times and scores; their pictures are gone. */
  async clearPictures(ids: string[]): Promise<void> {
    for (const part of chunks(ids))
      await this.#db
        .updateTable('events')
        .set({ thumb_path: null, still_path: null, has_high_res_still: 0 })
        .where('id', 'in', part)
        .execute();
  }

  /**
   * Newest first, at most `limit`. One indexed range scan per camera (each stops after `limit` rows), in one
   * statement (UNION ALL of the per-camera scans, then the merge): a page costs the same however many events the
   * cameras have, and one round trip to the database.
   */
  async page(f: EventFilter, limit: number | undefined): Promise<EventRow[]> {
    if (limit === undefined) {
      return this.#filtered(f, f.uidds).orderBy('start_ms', 'desc').orderBy('id', 'desc').execute();
    }
    const scans = f.uidds.map((uidd, i) =>
      this.#db
        .selectFrom(
          this.#filtered(f, [uidd])
            .orderBy('start_ms', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .as(`c${i}`),
        )
        .selectAll(),
    );
    const [first, ...rest] = scans;
    if (!first) return [];
    return rest
      .reduce((q, scan) => q.unionAll(scan), first)
      .orderBy('start_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async tagsOf(eventIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    for (const ids of chunks(eventIds)) {
      const rows = await this.#db
        .selectFrom('event_tags')
        .selectAll()
        .where('event_id', 'in', ids)
        .orderBy('tag')
        .execute();
      for (const r of rows) map.set(r.event_id, [...(map.get(r.event_id) ?? []), r.tag]);
    }
    return map;
  }

  /**
   * The label names of each of these events, highest confidence first: for a page, one query on the labels'
   * primary key (event_id, label), apart from the page's own query, which stays as it is.
   */
  async labelNamesOf(eventIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    for (const ids of chunks(eventIds)) {
      const rows = await this.#db
        .selectFrom('event_labels')
        .select(['event_id', 'label'])
        .where('event_id', 'in', ids)
        .orderBy('event_id')
        .orderBy('confidence', 'desc')
        .orderBy('label')
        .execute();
      for (const r of rows) map.set(r.event_id, [...(map.get(r.event_id) ?? []), r.label]);
    }
    return map;
  }

  async labelCounts(f: EventFilter): Promise<{ label: string; count: number }[]> {
    const rows = await this.#db
      .selectFrom('event_labels as l')
      .innerJoin('events', 'events.id', 'l.event_id')
      .select(['l.label', (eb) => eb.fn.countAll<number>().as('count')])
      .where((eb) => this.#where(eb as unknown as EventsEb, { ...f, label: undefined }, f.uidds))
      .groupBy('l.label')
      .orderBy('count', 'desc')
      .orderBy('l.label')
      .execute();
    return rows.map((r) => ({ label: r.label, count: Number(r.count) }));
  }

  async distinctTags(f: EventFilter): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('event_tags as t')
      .innerJoin('events', 'events.id', 't.event_id')
      .select('t.tag')
      .distinct()
      .where((eb) => this.#where(eb as unknown as EventsEb, { ...f, tags: undefined }, f.uidds))
      .orderBy('t.tag')
      .execute();
    return rows.map((r) => r.tag);
  }

  find(id: string): Promise<EventRow | undefined> {
    return this.#db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  labelsOf(id: string) {
    return this.#db
      .selectFrom('event_labels')
      .select(['label', 'confidence'])
      .where('event_id', '=', id)
      .orderBy('confidence', 'desc')
      .orderBy('label')
      .execute();
  }

  /** Deletes the named events of one camera; returns the rows deleted (their files are the caller's to remove). */
  async deleteOfCamera(uidd: string, ids: string[]): Promise<EventRow[]> {
    return this.#db.transaction().execute(async (tx) => {
      const rows = await tx
        .selectFrom('events')
        .selectAll()
        .where('camera_uidd', '=', uidd)
        .where('id', 'in', ids)
        .execute();
      if (rows.length) {
        const found = rows.map((r) => r.id);
        await tx.deleteFrom('event_tags').where('event_id', 'in', found).execute();
        await tx.deleteFrom('event_labels').where('event_id', 'in', found).execute();
        await tx.deleteFrom('events').where('id', 'in', found).execute();
      }
      return rows;
    });
  }

  async addTag(eventId: string, tag: string): Promise<void> {
    await this.#db
      .insertInto('event_tags')
      .values({ event_id: eventId, tag })
      .onConflict((oc) => oc.columns(['event_id', 'tag']).doNothing())
      .execute();
  }

  async removeTag(eventId: string, tag: string): Promise<void> {
    await this.#db.deleteFrom('event_tags').where('event_id', '=', eventId).where('tag', '=', tag).execute();
  }

  #filtered(f: EventFilter, uidds: string[]) {
    return this.#db
      .selectFrom('events')
      .selectAll()
      .where((eb) => this.#where(eb, f, uidds));
  }

  #where(eb: EventsEb, f: EventFilter, uidds: string[]) {
    const c = [
      uidds.length === 1 ? eb('events.camera_uidd', '=', uidds[0]!) : eb('events.camera_uidd', 'in', uidds),
    ];
    if (f.startMs !== undefined) c.push(eb('events.start_ms', '>=', f.startMs));
    if (f.endMs !== undefined) {
      c.push(
        f.beforeId === undefined
          ? eb('events.start_ms', '<=', f.endMs)
          : eb.or([
              eb('events.start_ms', '<', f.endMs),
              eb.and([eb('events.start_ms', '=', f.endMs), eb('events.id', '<', f.beforeId)]),
            ]),
      );
    }
    if (f.label) {
      const label = f.label;
      c.push(
        eb.exists(
          eb
            .selectFrom('event_labels')
            .select('event_labels.event_id')
            .whereRef('event_labels.event_id', '=', 'events.id')
            .where('event_labels.label', '=', label),
        ),
      );
    }
    if (f.tags?.length) {
      const tags = f.tags;
      c.push(
        eb.exists(
          eb
            .selectFrom('event_tags')
            .select('event_tags.event_id')
            .whereRef('event_tags.event_id', '=', 'events.id')
            .where('event_tags.tag', 'in', tags),
        ),
      );
    }
    return eb.and(c);
  }
}
