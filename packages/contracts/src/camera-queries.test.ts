import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchByJoinedLength,
  groupRequestBatches,
  mergeStatusResponses,
  realtimeLiveQuery,
  statusQueryChunks,
} from './camera-queries.ts';
import { GROUP_REQUEST_BATCH_LIMIT_CHARS, URL_LENGTH_LIMIT_CHARS } from './constants.ts';
import type { Uidd } from './ids.ts';

const uidd = (i: number, owner = 'owner') => `${owner}${i % 7}.device-${String(i).padStart(6, '0')}` as Uidd;
const uidds = (n: number) => Array.from({ length: n }, (_, i) => uidd(i));

describe('batchByJoinedLength', () => {
  it('keeps every value, in order, each batch within the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 200 }),
        fc.integer({ min: 40, max: 300 }),
        (values, limit) => {
          const batches = batchByJoinedLength(values, limit);
          expect(batches.flat()).toEqual(values);
          for (const b of batches) {
            expect(b.length).toBeGreaterThan(0);
            expect(b.join(',').length).toBeLessThanOrEqual(limit);
          }
          // Greedy: adding the next batch's first value would have crossed the limit.
          for (let i = 0; i + 1 < batches.length; i++) {
            expect([...batches[i]!, batches[i + 1]![0]].join(',').length).toBeGreaterThan(limit);
          }
        },
      ),
    );
  });

  it('puts an oversize value alone', () => {
    expect(batchByJoinedLength(['aaaa', 'b', 'cc'], 3)).toEqual([['aaaa'], ['b'], ['cc']]);
  });
});

describe('groupRequestBatches (viewer settings, schedules)', () => {
  it('joins at most 1200 characters of uidds per request', () => {
    const list = uidds(300);
    const batches = groupRequestBatches(list);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(list);
    for (const b of batches) expect(b.join(',').length).toBeLessThanOrEqual(GROUP_REQUEST_BATCH_LIMIT_CHARS);
    expect(groupRequestBatches(uidds(3))).toEqual([uidds(3)]);
  });
});

describe('statusQueryChunks', () => {
  it('chunks uidd[] queries at 1800 encoded characters', () => {
    const list = uidds(200);
    const chunks = statusQueryChunks(list);
    expect(chunks.flatMap((c) => c.uidds)).toEqual(list);
    for (const c of chunks) {
      expect(c.query.length).toBeLessThanOrEqual(URL_LENGTH_LIMIT_CHARS);
      expect(new URLSearchParams(c.query).getAll('uidd[]')).toEqual(c.uidds);
    }
    expect(chunks.length).toBe(Math.ceil((200 * (`uidd%5B%5D=`.length + uidd(0).length + 1) - 1) / 1800) + 0);
  });
});

describe('realtimeLiveQuery', () => {
  it('sends uidds while the query fits in 1800 characters, owner ids beyond', () => {
    const few = realtimeLiveQuery(['liveSession', 'alert'], uidds(10));
    expect(few.by).toBe('uidd');
    const p = new URLSearchParams(few.query);
    expect(p.get('types')).toBe('liveSession,alert');
    expect(p.get('uidd')?.split(',')).toEqual(uidds(10));

    const many = realtimeLiveQuery(['liveSession'], uidds(200));
    expect(many.by).toBe('owner');
    expect(many.query.length).toBeLessThanOrEqual(URL_LENGTH_LIMIT_CHARS);
    expect(new URLSearchParams(many.query).get('owner')?.split(',').sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `owner${i}`),
    );
  });
});

describe('mergeStatusResponses', () => {
  it('maps every uidd with an error to offline', () => {
    const device = (u: string, status: 'online' | 'offline' | 'uninstalled') =>
      ({ uidd: u, status }) as never;
    const merged = mergeStatusResponses([
      { result: { devices: [device('a.1', 'online'), device('a.2', 'uninstalled')] }, errors: [] },
      {
        result: { devices: [device('a.3', 'online')] },
        errors: [
          { uidd: 'a.3', code: 'x', error: 'x' },
          { uidd: 'a.4', code: 'not_found', error: 'x' },
        ],
      },
    ]);
    expect(Object.fromEntries(merged)).toEqual({
      'a.1': 'online',
      'a.2': 'uninstalled',
      'a.3': 'offline',
      'a.4': 'offline',
    });
  });
});
