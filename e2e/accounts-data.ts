import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { type Account, confirmEmail } from './fixtures.ts';

/**
 * Data the accounts suites need beyond the shared fixture accounts: fresh accounts (whose password, e-mail or
 * members a test may change), cameras, and the invitation links the server e-mails (no SMTP here: the outbox).
 */

const dbPath = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dir, 'vigil.sqlite');
};

/** A new end-user account made through the real API, with its uid. */
export async function freshAccount(
  request: APIRequestContext,
  name: string,
): Promise<Account & { uid: string }> {
  const tag = randomBytes(4).toString('hex');
  const a = { email: `${name}-${tag}@e2e.example`, password: `${name} password ${tag}` };
  const res = await request.post('/account/register?caller=web', {
    data: { ...a, subscriberType: 'enduser', caller: 'web' },
  });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  await confirmEmail(request, a.email);
  return { ...a, uid: ((await res.json()) as { uid: string }).uid };
}

/**
 * Installs cameras for an account straight in the database: installing for real needs an RTSP camera to probe
 * (the cameras suites do that); these suites only pick cameras. Returns the uidds, in the order of `names`.
 */
export function insertCameras(ownerUid: string, names: readonly string[]): string[] {
  const db = new DatabaseSync(dbPath());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const now = Date.now();
    const insert = db.prepare(
      `INSERT INTO cameras (uidd, owner_uid, device_id, name, model, logger, last_logger, recorded_stream_name,
        cam_id, timezone_name, cloud_recording_enabled, recording_mode, ptz_enabled, talkback_enabled,
        audio_enabled, analytics_enabled, mainstream_live, recording_resolution, access, video_codec,
        stream_url, cloud_storage_days, motion_sensitivity, uninstalled, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'RTSP camera', 'http://127.0.0.1:9', ?, ?, ?, 'UTC', 1, 'continuous', 0, 0, 0, 0, 1,
        '2MP', 'a', 'h264', ?, 30, 5, 0, ?, ?)`,
    );
    return names.map((name, i) => {
      const deviceId = `e2e${randomBytes(4).toString('hex')}`;
      const uidd = `${ownerUid}.${deviceId}`;
      insert.run(
        uidd,
        ownerUid,
        deviceId,
        name,
        now,
        uidd,
        deviceId,
        `rtsp://192.0.2.${i + 1}:554/live`,
        now,
        now,
      );
      return uidd;
    });
  } finally {
    db.close();
  }
}

/** The newest invitation link e-mailed to this address, as a path on this server (`/acceptinvite?…`). */
export function invitationPath(email: string): string | undefined {
  const db = new DatabaseSync(dbPath(), { readOnly: true });
  try {
    const row = db
      .prepare('SELECT body_text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1')
      .get(email) as { body_text: string } | undefined;
    const link = row?.body_text.match(/https?:\/\/\S+\/acceptinvite\?\S+/)?.[0];
    if (!link) return undefined;
    const url = new URL(link);
    return url.pathname + url.search;
  } finally {
    db.close();
  }
}

/**
 * Makes an account end-user pro (its sign-in provider `pro_…`, spec 000 §3 isEUP), which no screen can do: the
 * suites of /manage-plan/billing (end-user-pro only) need one. Takes effect at its next sign-in.
 */
export function makeEndUserPro(email: string): void {
  const db = new DatabaseSync(dbPath());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare("UPDATE users SET provider = 'pro_e2e' WHERE email = ?").run(email);
  } finally {
    db.close();
  }
}

/** Gives an inserted camera sound, as a probe that found an audio track would (its codec; sound off). */
export function giveCameraSound(uidd: string, codec = 'aac'): void {
  const db = new DatabaseSync(dbPath());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE cameras SET audio_codec = ? WHERE uidd = ?').run(codec, uidd);
  } finally {
    db.close();
  }
}
