import { describe, expect, it } from 'vitest';
import { deleteEvents } from './delete-events.ts';

describe('bulk delete', () => {
  it('sends 200 events of one camera in 3 calls of at most 95, and other cameras apart', async () => {
    const calls: { path: string; ids: number }[] = [];
    const call = (async (path: string, _schema: unknown, o: { body?: { eventIds: string[] } }) => {
      calls.push({ path, ids: o.body?.eventIds.length ?? 0 });
      return { deleted: o.body?.eventIds.length ?? 0 };
    }) as never;
    const ev = (i: number, deviceId = 'cam1') => ({ id: `e${i}`, logger: null, uid: 'u1', deviceId });
    const events = [...Array.from({ length: 200 }, (_, i) => ev(i)), ev(900, 'cam2')];
    expect(await deleteEvents(events, call)).toBe(201);
    expect(calls).toEqual([
      { path: '/events/u1/cam1', ids: 95 },
      { path: '/events/u1/cam1', ids: 95 },
      { path: '/events/u1/cam1', ids: 10 },
      { path: '/events/u1/cam2', ids: 1 },
    ]);
  });
});
