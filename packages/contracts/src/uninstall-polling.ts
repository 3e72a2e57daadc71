import type { CameraStatusValue } from './cameras.ts';
import {
  MAX_POLLS_REACHED,
  UNINSTALL_MAX_CYCLES,
  UNINSTALL_POLL_INTERVAL_MS,
  UNINSTALL_POLLS_PER_CYCLE,
} from './constants.ts';
import type { Uidd } from './ids.ts';

/**
 * The uninstall flow of spec 001 §4 as a pure state machine: send the uninstall task, then poll statuses every
 * 5 s, up to 6 polls per cycle, for up to 6 cycles. Success once every camera is uninstalled or offline; when
 * the cycles run out, the statuses reached are reported with the 'max polls reached' error.
 *
 * Our reading of "cycle" (docs/decisions/0305): each cycle starts by sending the uninstall task again for the
 * cameras not yet done, in case a recorder missed it. At most 6 × 6 polls, about three minutes.
 */

export type PolledStatus = CameraStatusValue | 'unknown';

export interface UninstallPollState {
  readonly uidds: readonly Uidd[];
  /** 1-based; 0 before start. */
  readonly cycle: number;
  readonly pollsInCycle: number;
  readonly statuses: Readonly<Record<Uidd, PolledStatus>>;
}

export type UninstallCommand =
  | { type: 'sendUninstall'; uidds: Uidd[]; cycle: number }
  | { type: 'wait'; ms: number }
  | { type: 'poll'; uidds: Uidd[] }
  | { type: 'succeeded'; statuses: Record<Uidd, PolledStatus> }
  | { type: 'failed'; error: typeof MAX_POLLS_REACHED; statuses: Record<Uidd, PolledStatus> };

export type UninstallEvent =
  | { type: 'start' }
  | { type: 'sent' }
  | { type: 'waited' }
  /** A poll's answer; uidds it does not mention keep their previous status. */
  | {
      type: 'polled';
      statuses: ReadonlyMap<Uidd, CameraStatusValue> | Readonly<Record<string, CameraStatusValue>>;
    };

export function initialUninstallState(uidds: readonly Uidd[]): UninstallPollState {
  const statuses = {} as Record<Uidd, PolledStatus>;
  for (const u of uidds) statuses[u] = 'unknown';
  return { uidds: [...uidds], cycle: 0, pollsInCycle: 0, statuses };
}

const isDone = (s: PolledStatus) => s === 'uninstalled' || s === 'offline';

export function pendingUidds(state: UninstallPollState): Uidd[] {
  return state.uidds.filter((u) => !isDone(state.statuses[u] ?? 'unknown'));
}

/** One transition: the state after `event` and the command to carry out next. */
export function uninstallStep(
  state: UninstallPollState,
  event: UninstallEvent,
): { state: UninstallPollState; command: UninstallCommand } {
  switch (event.type) {
    case 'start': {
      const next = { ...state, cycle: 1, pollsInCycle: 0 };
      if (state.uidds.length === 0) return { state: next, command: { type: 'succeeded', statuses: {} } };
      return { state: next, command: { type: 'sendUninstall', uidds: [...state.uidds], cycle: 1 } };
    }
    case 'sent':
      return { state, command: { type: 'wait', ms: UNINSTALL_POLL_INTERVAL_MS } };
    case 'waited':
      return { state, command: { type: 'poll', uidds: pendingUidds(state) } };
    case 'polled': {
      const statuses = { ...state.statuses };
      const entries = event.statuses instanceof Map ? [...event.statuses] : Object.entries(event.statuses);
      for (const [u, s] of entries) if (u in statuses) statuses[u as Uidd] = s;
      const polled = { ...state, statuses, pollsInCycle: state.pollsInCycle + 1 };
      const pending = pendingUidds(polled);
      if (pending.length === 0) return { state: polled, command: { type: 'succeeded', statuses } };
      if (polled.pollsInCycle < UNINSTALL_POLLS_PER_CYCLE)
        return { state: polled, command: { type: 'wait', ms: UNINSTALL_POLL_INTERVAL_MS } };
      if (polled.cycle < UNINSTALL_MAX_CYCLES) {
        const cycle = polled.cycle + 1;
        return {
          state: { ...polled, cycle, pollsInCycle: 0 },
          command: { type: 'sendUninstall', uidds: pending, cycle },
        };
      }
      return { state: polled, command: { type: 'failed', error: MAX_POLLS_REACHED, statuses } };
    }
  }
}

export interface UninstallIo {
  sendUninstall(uidds: Uidd[]): Promise<void>;
  /** Statuses of the given cameras (a camera named in the answer's errors counts as offline). */
  fetchStatuses(uidds: Uidd[]): Promise<ReadonlyMap<Uidd, CameraStatusValue>>;
  sleep(ms: number): Promise<void>;
}

export type UninstallOutcome = Extract<UninstallCommand, { type: 'succeeded' | 'failed' }>;

/**
 * Runs the machine with real effects. A failed status request counts as a poll that learnt nothing; a failed
 * uninstall request ends the run with its error.
 */
export async function runUninstallPolling(
  uidds: readonly Uidd[],
  io: UninstallIo,
): Promise<UninstallOutcome> {
  let { state, command } = uninstallStep(initialUninstallState(uidds), { type: 'start' });
  for (;;) {
    let event: UninstallEvent;
    switch (command.type) {
      case 'succeeded':
      case 'failed':
        return command;
      case 'sendUninstall':
        await io.sendUninstall(command.uidds);
        event = { type: 'sent' };
        break;
      case 'wait':
        await io.sleep(command.ms);
        event = { type: 'waited' };
        break;
      case 'poll': {
        let statuses: ReadonlyMap<Uidd, CameraStatusValue> = new Map();
        try {
          statuses = await io.fetchStatuses(command.uidds);
        } catch {
          // Counted as a poll: the budget of 6 × 6 bounds the whole flow even when the network is down.
        }
        event = { type: 'polled', statuses };
        break;
      }
    }
    ({ state, command } = uninstallStep(state, event));
  }
}
