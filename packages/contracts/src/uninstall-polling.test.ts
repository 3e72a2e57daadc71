import { describe, expect, it } from 'vitest';
import type { CameraStatusValue } from './cameras.ts';
import {
  MAX_POLLS_REACHED,
  UNINSTALL_MAX_CYCLES,
  UNINSTALL_POLL_INTERVAL_MS,
  UNINSTALL_POLLS_PER_CYCLE,
} from './constants.ts';
import type { Uidd } from './ids.ts';
import { initialUninstallState, runUninstallPolling, uninstallStep } from './uninstall-polling.ts';

const A = 'u.a' as Uidd;
const B = 'u.b' as Uidd;

/** A fake world: statuses by poll number, a recorded log of effects, a virtual clock. */
function world(statusAt: (poll: number, uidd: Uidd) => CameraStatusValue) {
  const log: string[] = [];
  let clock = 0;
  let polls = 0;
  return {
    log,
    get clock() {
      return clock;
    },
    get polls() {
      return polls;
    },
    io: {
      sendUninstall: async (uidds: Uidd[]) => {
        log.push(`send ${uidds.join(',')} @${clock}`);
      },
      fetchStatuses: async (uidds: Uidd[]) => {
        polls += 1;
        log.push(`poll ${uidds.join(',')} @${clock}`);
        return new Map(uidds.map((u) => [u, statusAt(polls, u)]));
      },
      sleep: async (ms: number) => {
        clock += ms;
      },
    },
  };
}

describe('uninstall polling (spec 001 §4)', () => {
  it('sends the task, polls every 5 s, and succeeds once every camera is uninstalled or offline', async () => {
    const w = world((poll, u) => (u === A ? (poll >= 2 ? 'uninstalled' : 'online') : 'offline'));
    const out = await runUninstallPolling([A, B], w.io);
    expect(out).toEqual({ type: 'succeeded', statuses: { [A]: 'uninstalled', [B]: 'offline' } });
    // The second poll asks only for the camera not yet done.
    expect(w.log).toEqual([`send ${A},${B} @0`, `poll ${A},${B} @5000`, `poll ${A} @10000`]);
  });

  it('gives up after 6 cycles of 6 polls with "max polls reached" and the statuses reached', async () => {
    const w = world((_, u) => (u === A ? 'online' : 'uninstalled'));
    const out = await runUninstallPolling([A, B], w.io);
    expect(out).toEqual({
      type: 'failed',
      error: MAX_POLLS_REACHED,
      statuses: { [A]: 'online', [B]: 'uninstalled' },
    });
    expect(w.polls).toBe(UNINSTALL_MAX_CYCLES * UNINSTALL_POLLS_PER_CYCLE);
    expect(w.clock).toBe(36 * UNINSTALL_POLL_INTERVAL_MS);
    const sends = w.log.filter((l) => l.startsWith('send'));
    expect(sends).toHaveLength(6);
    // Later cycles re-send only for the cameras still pending.
    expect(sends[1]).toBe(`send ${A} @${6 * 5000}`);
  });

  it('counts a failed status request as a poll', async () => {
    let calls = 0;
    const out = await runUninstallPolling([A], {
      sendUninstall: async () => {},
      fetchStatuses: async () => {
        calls += 1;
        throw new Error('network');
      },
      sleep: async () => {},
    });
    expect(out.type).toBe('failed');
    expect(calls).toBe(36);
  });

  it('steps one transition at a time', () => {
    let { state, command } = uninstallStep(initialUninstallState([A]), { type: 'start' });
    expect(command).toEqual({ type: 'sendUninstall', uidds: [A], cycle: 1 });
    ({ state, command } = uninstallStep(state, { type: 'sent' }));
    expect(command).toEqual({ type: 'wait', ms: 5000 });
    ({ state, command } = uninstallStep(state, { type: 'waited' }));
    expect(command).toEqual({ type: 'poll', uidds: [A] });
    ({ state, command } = uninstallStep(state, { type: 'polled', statuses: { [A]: 'online' } }));
    expect(command).toEqual({ type: 'wait', ms: 5000 });
    expect(state.pollsInCycle).toBe(1);
    expect(uninstallStep(initialUninstallState([]), { type: 'start' }).command).toEqual({
      type: 'succeeded',
      statuses: {},
    });
  });
});
