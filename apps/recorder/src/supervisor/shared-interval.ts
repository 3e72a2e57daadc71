/**
 * Calls `fn` every `ms`, from one timer per interval for all callers: the watchdogs of 16 streams wake the process
 * once a second instead of 16 times (decision 0212). Returns the function that stops the calls.
 */
export function everyMs(ms: number, fn: () => void): () => void {
  let group = groups.get(ms);
  if (!group) {
    const fns = new Set<() => void>();
    group = { fns, timer: setInterval(() => runAll(fns), ms) };
    groups.set(ms, group);
  }
  const g = group;
  // One Set entry per call, even for the same function.
  const entry = (): void => fn();
  g.fns.add(entry);
  return () => {
    g.fns.delete(entry);
    if (g.fns.size === 0 && groups.get(ms) === g) {
      clearInterval(g.timer);
      groups.delete(ms);
    }
  };
}

const groups = new Map<number, { timer: NodeJS.Timeout; fns: Set<() => void> }>();

function runAll(fns: Set<() => void>): void {
  for (const fn of Array.from(fns)) fn();
}
