import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, ambientDb, transactionOf } from './ambient-transaction.ts';

/** The unit of work of decision 0872 on each database: all or nothing, joined, after-commit work, and outside it. */
describe.each(TEST_DB_KINDS)('ambient transaction [%s]', (kind) => {
  let raw: TestDb;
  beforeAll(async () => {
    raw = await createTestDb(kind);
  });
  afterAll(async () => {
    await raw.destroy();
  });

  const row = (id: string) => ({
    id,
    to_address: `${id}@example.com`,
    subject: 's',
    body_text: 'b',
    created_at: 1,
    sent_at: null,
    error: null,
  });
  const ids = async () =>
    (await raw.db.selectFrom('outbox').select('id').orderBy('id').execute()).map((r) => r.id);

  it('takes back every write of a failed unit, a repository’s own transaction inside it included', async () => {
    const db = ambientDb(raw.db);
    const unit = transactionOf(db);
    const sent: string[] = [];
    const failed = unit(async () => {
      await db.insertInto('outbox').values(row('a1')).execute();
      // A repository's own transaction joins the unit: its write is taken back with the rest.
      await db.transaction().execute((tx) => tx.insertInto('outbox').values(row('a2')).execute());
      await afterCommit(async () => void sent.push('a'));
      throw new Error('midway');
    });
    await expect(failed).rejects.toThrow('midway');
    expect([await ids(), sent]).toEqual([[], []]);
  });

  it('commits a unit whole, runs its after-commit work once committed, and is the database outside one', async () => {
    const db = ambientDb(raw.db);
    const unit = transactionOf(db);
    const seen: string[] = [];
    const out = await unit(async () => {
      await db.insertInto('outbox').values(row('b1')).execute();
      // A unit inside a unit joins it.
      await unit(() => db.insertInto('outbox').values(row('b2')).execute());
      await afterCommit(async () => void seen.push(`after: ${(await ids()).join(' ')}`));
      seen.push('work done');
      return 'ok';
    });
    expect([out, seen]).toEqual(['ok', ['work done', 'after: b1 b2']]);
    await db.insertInto('outbox').values(row('c1')).execute();
    await afterCommit(async () => void seen.push('at once'));
    expect([await ids(), seen.at(-1)]).toEqual([['b1', 'b2', 'c1'], 'at once']);
  });
});
