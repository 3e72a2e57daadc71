import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Cameras and motion events put straight into the e2e server's database, as the recorder's motion sink would
 * store them (the recorder is not part of the e2e server): rows, and JPEG pictures on disk.
 */
function database(): DatabaseSync {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dir, 'vigil.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

let made = 0;
/** A camera of this owner; returns its uidd. */
export function seedCamera(owner: string, name: string): string {
  const deviceId = `e2e${Date.now().toString(36)}${++made}`;
  const uidd = `${owner}.${deviceId}`;
  const db = database();
  try {
    const now = Date.now();
    db.prepare(
      `INSERT INTO cameras (uidd, owner_uid, device_id, name, logger, recorded_stream_name, cam_id, stream_url,
        created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(uidd, owner, deviceId, name, '', uidd, deviceId, `rtsp://198.51.100.7:554/${deviceId}`, now, now);
  } finally {
    db.close();
  }
  return uidd;
}

/** A JPEG of one colour with a label, made once per colour. */
function jpeg(colour: string, w: number, h: number): string {
  const dir = join(process.env.E2E_DATA_DIR!, 'e2e-pictures');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${colour}-${w}.jpg`);
  if (existsSync(path)) return path;
  // Written under a name of this process's own, then renamed: another worker never reads half a picture.
  const part = `${path}.${process.pid}.jpg`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=${w}x${h}`,
    '-frames:v',
    '1',
    part,
  ]);
  renameSync(part, path);
  return path;
}

/**
 * How far events seeded at `oldestMs` must move forward to fall on today (local time, as the browser's pages and
 * the dashboard default to today): just after midnight "a minute ago" is yesterday.
 */
function intoToday(oldestMs: number): number {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return Math.max(0, midnight.getTime() + 1000 - oldestMs);
}

/**
 * n events on a camera, one every `stepMs` (a minute) back from `newest`, newest first in the returned ids,
 * moved forward together when the oldest would fall before today; pictures alternate between two colours.
 * `withoutPictures` lists indexes (newest first) whose pictures are missing.
 */
export function seedEvents(
  uidd: string,
  n: number,
  newestMs: number,
  withoutPictures: number[] = [],
  stepMs = 60_000,
): string[] {
  const newest = newestMs + intoToday(newestMs - (n - 1) * stepMs);
  const owner = uidd.slice(0, uidd.indexOf('.'));
  const pictures = [
    { thumb: jpeg('0x2f6f9f', 320, 180), still: jpeg('0x2f6f9f', 1280, 720) },
    { thumb: jpeg('0xd97706', 320, 180), still: jpeg('0xd97706', 1280, 720) },
  ];
  const db = database();
  const ids: string[] = [];
  try {
    const insert = db.prepare(
      `INSERT INTO events (id, owner_uid, camera_uidd, start_ms, end_ms, score, rom, logger, has_high_res_still,
        thumb_path, still_path, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < n; i++) {
      const start = newest - i * stepMs;
      const id = `${start.toString(36).padStart(9, '0')}${Math.random().toString(16).slice(2, 14)}`;
      const p = withoutPictures.includes(i) ? null : pictures[i % 2]!;
      insert.run(
        id,
        owner,
        uidd,
        start,
        start + 8000 + i * 100,
        (i % 10) + 1,
        i % 3 === 0 ? 1 : 0,
        null,
        p ? 1 : 0,
        p?.thumb ?? null,
        p?.still ?? null,
        start,
      );
      ids.push(id);
    }
  } finally {
    db.close();
  }
  return ids;
}

/**
 * One event as the motion sink and the labeller store it: `ongoing` while the recorder has not ended it (decision
 * 0556; its end is still its start), and recognition labels with their confidences. Returns its id.
 */
export function seedEvent(
  uidd: string,
  event: {
    startMs: number;
    endMs: number;
    ongoing?: boolean;
    labels?: { label: string; confidence: number }[];
    /** The camera's logger host, which serves its clip (null: this server). */
    logger?: string;
  },
): string {
  const shift = intoToday(event.startMs);
  const e = { ...event, startMs: event.startMs + shift, endMs: event.endMs + shift };
  const owner = uidd.slice(0, uidd.indexOf('.'));
  const picture = { thumb: jpeg('0x2f6f9f', 320, 180), still: jpeg('0x2f6f9f', 1280, 720) };
  const id = `${e.startMs.toString(36).padStart(9, '0')}${Math.random().toString(16).slice(2, 14)}`;
  const db = database();
  try {
    db.prepare(
      `INSERT INTO events (id, owner_uid, camera_uidd, start_ms, end_ms, score, rom, logger, has_high_res_still,
        thumb_path, still_path, created_at, ongoing) VALUES (?, ?, ?, ?, ?, ?, 0, ?, 1, ?, ?, ?, ?)`,
    ).run(
      id,
      owner,
      uidd,
      e.startMs,
      e.endMs,
      6,
      e.logger ?? null,
      picture.thumb,
      picture.still,
      e.startMs,
      e.ongoing ? 1 : 0,
    );
    const label = db.prepare('INSERT INTO event_labels (event_id, label, confidence) VALUES (?, ?, ?)');
    for (const l of e.labels ?? []) label.run(id, l.label, l.confidence);
  } finally {
    db.close();
  }
  return id;
}
