import type { RealtimeMessage } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { RealtimeOptions } from '../../../shared/realtime/realtime-client.ts';
import { createLiveMoves } from './live-moves.ts';

/** A stand-in for the realtime link: what each opened link asked for, and whether it is still open. */
function links() {
  const opened: { options: RealtimeOptions; open: boolean }[] = [];
  const connect = (options: RealtimeOptions) => {
    const link = { options, open: true };
    opened.push(link);
    return () => {
      link.open = false;
    };
  };
  return { opened, connect };
}
const tick = () => new Promise<void>((r) => queueMicrotask(r));
const moved = (uidd: string): RealtimeMessage => ({
  type: 'liveMoved',
  data: { uidd, logger: 'http://rec-2' },
});

describe('live moves: one realtime link for every live player of the tab (decision 0616)', () => {
  it('opens one link for the cameras played, tells the players of the camera that moved only', async () => {
    const l = links();
    const follow = createLiveMoves(l.connect);
    const told: string[] = [];
    const stopA = follow('o.a', () => told.push('a1'));
    follow('o.a', () => told.push('a2'));
    follow('o.b', () => told.push('b'));
    await tick();
    expect(l.opened).toHaveLength(1);
    const link = l.opened[0]!;
    expect(link.options.types).toEqual(['liveMoved']);
    expect([...link.options.uidds]).toEqual(['o.a', 'o.b']);
    link.options.onMessage(moved('o.a'));
    link.options.onMessage({ type: 'alert', data: { uidd: 'o.b', id: 'e', startTime: 1, motionScore: 1 } });
    expect(told).toEqual(['a1', 'a2']);
    // One player of o.a leaves: the same cameras, the same link.
    stopA();
    await tick();
    expect(l.opened).toHaveLength(1);
    // After the link was down (moves may have been missed), every player asks again.
    told.length = 0;
    link.options.onReconnect?.();
    expect(told.sort()).toEqual(['a2', 'b']);
  });

  it('opens the link again when the cameras change, and closes it when no player is left', async () => {
    const l = links();
    const follow = createLiveMoves(l.connect);
    const stopA = follow('o.a', () => {});
    await tick();
    const stopB = follow('o.b', () => {});
    await tick();
    expect(l.opened.map((o) => [[...o.options.uidds].join(), o.open])).toEqual([
      ['o.a', false],
      ['o.a,o.b', true],
    ]);
    stopA();
    stopB();
    await tick();
    expect(l.opened.map((o) => o.open)).toEqual([false, false]);
  });
});
