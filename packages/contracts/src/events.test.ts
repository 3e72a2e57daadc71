import { describe, expect, it } from 'vitest';
import { deleteBatches, EventsQuery, readMotionScore, writeMotionScore } from './events.ts';

describe('events contracts', () => {
  it('reads and writes the motion score as the spec does (0a means 10)', () => {
    expect(readMotionScore('0a')).toBe(10);
    expect(readMotionScore(7)).toBe(7);
    expect(writeMotionScore(10)).toBe('0a');
    expect(writeMotionScore(3)).toBe(3);
  });

  it('batches deletes by logger and camera, 95 a call: 200 ids of one camera make 3 calls', () => {
    const ev = (i: number, deviceId = 'cam1', logger = 'l1') => ({
      id: `e${i}`,
      logger,
      uid: 'u1',
      deviceId,
    });
    const batches = deleteBatches(Array.from({ length: 200 }, (_, i) => ev(i)));
    expect(batches.map((b) => b.eventIds.length)).toEqual([95, 95, 10]);
    const mixed = deleteBatches([ev(1), ev(2, 'cam2'), ev(3, 'cam1', 'l2'), ev(4)]);
    expect(mixed.map((b) => [b.logger, b.deviceId, b.eventIds])).toEqual([
      ['l1', 'cam1', ['e1', 'e4']],
      ['l1', 'cam2', ['e2']],
      ['l2', 'cam1', ['e3']],
    ]);
  });

  it('accepts uidd repeated or comma-separated, and refuses a reversed range', () => {
    expect(EventsQuery.parse({ uidd: ['a.b', 'c.d'] }).uidd).toEqual(['a.b', 'c.d']);
    expect(EventsQuery.parse({ uidd: 'a.b,c.d' }).uidd).toEqual(['a.b', 'c.d']);
    expect(EventsQuery.safeParse({ uidd: 'a.b', startt: '10', endt: '5' }).success).toBe(false);
    expect(EventsQuery.safeParse({}).success).toBe(false);
  });
});
