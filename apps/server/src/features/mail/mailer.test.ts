import { Writable } from 'node:stream';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../testing/smtp.ts';
import { Mailer } from './mailer.ts';

const MAIL = {
  to: 'new.owner@example.com',
  subject: 'Confirm your e-mail',
  text: 'Open http://localhost:8080/verify?token=abc123 to confirm.',
};

/** A logger whose lines are kept, as the console of `npm start` shows them. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('mailer', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb('sqlite');
  });
  afterAll(() => db?.destroy());

  it('without SMTP, keeps the e-mail in the outbox and prints it, link included, on the console', async () => {
    const { log, lines } = capturedLog();
    await new Mailer(db.db, { smtpUrl: undefined, from: 'Vigil <no-reply@example.com>' }, log).send(MAIL);
    const printed = lines.join('');
    expect(printed).toContain('http://localhost:8080/verify?token=abc123');
    expect(printed).toContain('new.owner@example.com');
    const kept = await db.db.selectFrom('outbox').select(['to_address', 'sent_at']).execute();
    expect(kept).toEqual([{ to_address: 'new.owner@example.com', sent_at: null }]);
  });

  it('with SMTP, sends it and never prints its body', async () => {
    const sink = await startSmtpSink();
    try {
      const { log, lines } = capturedLog();
      await new Mailer(db.db, { smtpUrl: sink.url, from: 'Vigil <no-reply@example.com>' }, log).send(MAIL);
      expect(sink.mails.map((m) => m.to)).toEqual([['new.owner@example.com']]);
      expect(lines.join('')).not.toContain('token=abc123');
    } finally {
      await sink.stop();
    }
  });
});
