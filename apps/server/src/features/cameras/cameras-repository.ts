import type { CamerasTable, Db } from '@vigil/db';

export type CameraRow = CamerasTable;
export type RecordingFields = Pick<
  CameraRow,
  'cloud_recording_enabled' | 'recording_mode' | 'nvr_mode' | 'recorded_stream' | 'recording_resolution'
>;

/** SQL for cameras and their tags. Knows nothing of HTTP or of who is asking: CameraAccess decides that. */
export class CamerasRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: CameraRow): Promise<void> {
    await this.#db.insertInto('cameras').values(row).execute();
  }

  find(uidd: string): Promise<CameraRow | undefined> {
    return this.#db.selectFrom('cameras').selectAll().where('uidd', '=', uidd).executeTakeFirst();
  }

  async findMany(uidds: readonly string[]): Promise<CameraRow[]> {
    if (uidds.length === 0) return [];
    return this.#db
      .selectFrom('cameras')
      .selectAll()
      .where('uidd', 'in', [...uidds])
      .execute();
  }

  async listByOwners(owners: readonly string[]): Promise<CameraRow[]> {
    if (owners.length === 0) return [];
    return this.#db
      .selectFrom('cameras')
      .selectAll()
      .where('owner_uid', 'in', [...owners])
      .orderBy('owner_uid')
      .orderBy('created_at')
      .orderBy('uidd')
      .execute();
  }

  /** Cameras the recorders should be recording (every logger host, or one). */
  listInstalled(logger?: string): Promise<CameraRow[]> {
    let q = this.#db.selectFrom('cameras').selectAll().where('uninstalled', '=', 0);
    if (logger !== undefined) q = q.where('logger', '=', logger);
    return q.orderBy('uidd').execute();
  }

  /** How many cameras are installed: the health screen's total in one process (decision 0747). */
  async countInstalled(): Promise<number> {
    const r = await this.#db
      .selectFrom('cameras')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uninstalled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The names of some cameras (a page of the health screen), by uidd. */
  async names(uidds: readonly string[]): Promise<Map<string, string>> {
    if (uidds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('cameras')
      .select(['uidd', 'name'])
      .where('uidd', 'in', [...uidds])
      .execute();
    return new Map(rows.map((r) => [r.uidd, r.name]));
  }

  async countByOwner(owner: string): Promise<number> {
    const r = await this.#db
      .selectFrom('cameras')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_uid', '=', owner)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The owner's installed cameras with their main stream address (duplicate detection at install). */
  installedStreams(owner: string): Promise<Pick<CameraRow, 'uidd' | 'name' | 'stream_url'>[]> {
    return this.#db
      .selectFrom('cameras')
      .select(['uidd', 'name', 'stream_url'])
      .where('owner_uid', '=', owner)
      .where('uninstalled', '=', 0)
      .orderBy('created_at')
      .execute();
  }

  /** A new address for the camera's main stream (the embedded demo's simulated cameras move ports). */
  async setStreamUrl(uidd: string, streamUrl: string, now: number): Promise<void> {
    await this.#db
      .updateTable('cameras')
      .set({ stream_url: streamUrl, updated_at: now })
      .where('uidd', '=', uidd)
      .execute();
  }

  /** Motion detection and record-on-motion (written for features/motion through CameraSettings). */
  async setMotion(
    uidd: string,
    fields: Partial<Pick<CameraRow, 'motion_sensitivity' | 'motion_zones' | 'recording_mode'>>,
    now: number,
  ): Promise<void> {
    await this.#set(uidd, fields, now);
  }

  /** What the camera's devices are used for (decision 0705): PTZ, audio; and what its main stream sends (0714). */
  async setDevice(
    uidd: string,
    fields: Partial<
      Pick<CameraRow, 'ptz_enabled' | 'audio_enabled' | 'video_width' | 'video_height' | 'frame_rate'>
    >,
    now: number,
  ): Promise<void> {
    await this.#set(uidd, fields, now);
  }

  async #set(uidd: string, fields: Partial<CameraRow>, now: number): Promise<void> {
    await this.#db
      .updateTable('cameras')
      .set({ ...fields, updated_at: now })
      .where('uidd', '=', uidd)
      .execute();
  }

  /** The analytics switch and scheme (written for features/labels through CameraSettings). */
  async setAnalytics(uidd: string, enabled: boolean, now: number, scheme?: string): Promise<void> {
    await this.#db
      .updateTable('cameras')
      .set({
        analytics_enabled: enabled ? 1 : 0,
        ...(scheme !== undefined ? { analytics_scheme: scheme } : {}),
        updated_at: now,
      })
      .where('uidd', '=', uidd)
      .execute();
  }

  /** Cloud recording, mode and resolution (written for features/camera-config through CameraSettings). */
  async setRecording(uidd: string, fields: Partial<RecordingFields>, now: number): Promise<void> {
    await this.#db
      .updateTable('cameras')
      .set({ ...fields, updated_at: now })
      .where('uidd', '=', uidd)
      .execute();
  }

  /** How many of the owner's installed cameras record to the cloud (their licences count them). */
  async countCloudRecording(owner: string): Promise<number> {
    const r = await this.#db
      .selectFrom('cameras')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_uid', '=', owner)
      .where('uninstalled', '=', 0)
      .where('cloud_recording_enabled', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The owner's installed cameras that record to the cloud, in install order (billing's plan losses, 0853). */
  async cloudRecordingOf(owner: string): Promise<{ uidd: string; name: string }[]> {
    return this.#db
      .selectFrom('cameras')
      .select(['uidd', 'name'])
      .where('owner_uid', '=', owner)
      .where('uninstalled', '=', 0)
      .where('cloud_recording_enabled', '=', 1)
      .orderBy('created_at')
      .orderBy('uidd')
      .execute();
  }

  /** Every installed camera of the owner keeps this many days (the plan's storage, through CameraSettings). */
  async setStorageDaysOf(owner: string, days: number, now: number): Promise<string[]> {
    const rows = await this.#db
      .updateTable('cameras')
      .set({ cloud_storage_days: days, updated_at: now })
      .where('owner_uid', '=', owner)
      .where('uninstalled', '=', 0)
      .where('cloud_storage_days', '!=', days)
      .returning('uidd')
      .execute();
    return rows.map((r) => r.uidd);
  }

  /** The owner's installed cameras that keep more than `days`, set to `days` (decision 0717); their uidds. */
  async capStorageDaysOf(owner: string, days: number, now: number): Promise<string[]> {
    const rows = await this.#db
      .updateTable('cameras')
      .set({ cloud_storage_days: days, updated_at: now })
      .where('owner_uid', '=', owner)
      .where('uninstalled', '=', 0)
      .where('cloud_storage_days', '>', days)
      .returning('uidd')
      .execute();
    return rows.map((r) => r.uidd);
  }

  async rename(uidd: string, name: string, now: number): Promise<void> {
    await this.#db.updateTable('cameras').set({ name, updated_at: now }).where('uidd', '=', uidd).execute();
  }

  /** The recorder ("logger" host) that now records these cameras (decision 0600); last_logger is when. */
  async setLogger(uidds: readonly string[], logger: string, now: number): Promise<void> {
    if (uidds.length === 0) return;
    await this.#db
      .updateTable('cameras')
      .set({ logger, last_logger: now })
      .where('uidd', 'in', [...uidds])
      .where('logger', '!=', logger)
      .execute();
  }

  async markUninstalled(uidds: readonly string[], now: number): Promise<void> {
    if (uidds.length === 0) return;
    await this.#db
      .updateTable('cameras')
      .set({ uninstalled: 1, uninstalled_at: now, updated_at: now })
      .where('uidd', 'in', [...uidds])
      .where('uninstalled', '=', 0)
      .execute();
  }

  /** Removes the camera with its tags and viewer settings (foreign keys cascade). */
  async delete(uidd: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      // SQLite enforces the cascade only with foreign_keys on (openDb sets it); delete explicitly anyway.
      await trx.deleteFrom('camera_tags').where('uidd', '=', uidd).execute();
      await trx.deleteFrom('viewer_settings').where('uidd', '=', uidd).execute();
      await trx.deleteFrom('cameras').where('uidd', '=', uidd).execute();
    });
  }

  /** Tags per camera, in the order they were given; cameras without tags map to []. */
  async tagsOf(uidds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(uidds.map((u) => [u, []]));
    if (uidds.length === 0) return out;
    const rows = await this.#db
      .selectFrom('camera_tags')
      .select(['uidd', 'tag'])
      .where('uidd', 'in', [...uidds])
      .orderBy('uidd')
      .orderBy('position')
      .execute();
    for (const r of rows) out.get(r.uidd)?.push(r.tag);
    return out;
  }

  /** Replaces the tags of each camera, all in one transaction. */
  async replaceTags(
    changes: readonly { uidd: string; tags: readonly string[] }[],
    now: number,
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      for (const c of changes) {
        await trx.deleteFrom('camera_tags').where('uidd', '=', c.uidd).execute();
        if (c.tags.length > 0)
          await trx
            .insertInto('camera_tags')
            .values(c.tags.map((tag, position) => ({ uidd: c.uidd, tag, position })))
            .execute();
        await trx.updateTable('cameras').set({ updated_at: now }).where('uidd', '=', c.uidd).execute();
      }
    });
  }
}
