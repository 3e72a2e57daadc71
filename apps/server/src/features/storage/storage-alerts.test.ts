import type { EpochMs } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import type { StorageState } from '@vigil/recorder';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mailer } from '../mail/mailer.ts';
import { StorageAlerts } from './storage-alerts.ts';

const full: StorageState = {
  state: 'full',
  totalBytes: 100 * 1024 ** 3,
  freeBytes: 1024 ** 3,
  requiredFreeBytes: 5 * 1024 ** 3,
  paused: false,
  since: 0 as EpochMs,
};
const MINUTE = 60_000;

describe.each(TEST_DB_KINDS)('storage alerts to support [%s]', (kind) => {
  let db: TestDb;
  let alerts: StorageAlerts;
  const log = pino({ level: 'silent' });
  const mails = () =>
    db.db.selectFrom('outbox').select(['to_address', 'subject', 'body_text']).orderBy('created_at').execute();
  const earlier = (ago: number) =>
    db.db
      .insertInto('outbox')
      .values({
        id: `old-${ago}`,
        to_address: 'support@example.com',
        subject: 'Vigil: recordings storage full',
        body_text: 'earlier',
        created_at: Date.now() - ago,
        sent_at: null,
        error: null,
      })
      .execute();

  beforeAll(async () => {
    db = await createTestDb(kind);
  });
  afterAll(() => db?.destroy());
  beforeEach(async () => {
    await db.db.deleteFrom('outbox').execute();
    const mailer = new Mailer(db.db, { smtpUrl: undefined, from: 'Vigil <no-reply@example.com>' }, log);
    alerts = new StorageAlerts({ mailer, supportEmail: 'support@example.com', region: 'eu', log });
  });

  it('e-mails support once, however many checks find the disk full, and says nothing while it is ok', async () => {
    alerts.report({ ...full, state: 'ok' });
    for (let i = 0; i < 5; i++) alerts.report(full);
    await alerts.settled();
    const sent = await mails();
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      ['support@example.com', 'Vigil: recordings storage full'],
    ]);
    expect(sent[0]?.body_text).toContain('region eu');
    expect(sent[0]?.body_text).toContain('Free: 1.00 GB of 100.00 GB; the watermark keeps 5.00 GB free.');
  });

  it('waits an hour after the last alert, a restart included (the outbox remembers)', async () => {
    await earlier(59 * MINUTE);
    alerts.report(full);
    await alerts.settled();
    expect(await mails()).toHaveLength(1);
    await db.db.deleteFrom('outbox').execute();
    await earlier(61 * MINUTE);
    alerts.report(full);
    await alerts.settled();
    expect((await mails()).map((m) => m.body_text)).toEqual([
      'earlier',
      expect.stringContaining('region eu'),
    ]);
  });
});
