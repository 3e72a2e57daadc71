import { afterEach, describe, expect, it } from 'vitest';
import { JobThread } from './job-thread.ts';

type Reply = { id: number; ok: true; name: string } | { id: number; ok: false; error: string };
let thread: JobThread<{ name: string; delayMs: number }, Reply, string> | undefined;

function echoThread(capacity: number) {
  thread = new JobThread({
    script: new URL('./echo-worker.testing.ts', import.meta.url),
    workerData: {},
    capacity,
    name: 'echo',
    result: (r) => (r as Extract<Reply, { ok: true }>).name,
  });
  return thread;
}

afterEach(async () => {
  await thread?.close();
});

describe('a job thread (decisions 0555, 0884)', () => {
  it('runs a job `first` ahead of the waiting ones that are not, after the `first` ones already waiting', async () => {
    const t = echoThread(8);
    const done: string[] = [];
    const run = (name: string, first = false) =>
      t.run({ name, delayMs: name === 'a' ? 300 : 10 }, { first })!.then((n) => done.push(n));
    // a runs while the others wait: b and c queued in order, then d and e `first`.
    await Promise.all([run('a'), run('b'), run('c'), run('d', true), run('e', true)]);
    expect(done).toEqual(['a', 'd', 'e', 'b', 'c']);
  }, 20_000);

  it('on a full queue, a `first` job takes the newest other job’s place; an ordinary one is dropped', async () => {
    const t = echoThread(2);
    const a = t.run({ name: 'a', delayMs: 300 })!;
    // a has gone to the thread: b and c fill the queue.
    await new Promise((r) => setTimeout(r, 50));
    const b = t.run({ name: 'b', delayMs: 10 })!;
    const c = t.run({ name: 'c', delayMs: 10 })!;
    expect(t.run({ name: 'x', delayMs: 10 })).toBe(null);
    const d = t.run({ name: 'd', delayMs: 10 }, { first: true })!;
    await expect(c).rejects.toThrow('displaced');
    expect(await Promise.all([a, d, b])).toEqual(['a', 'd', 'b']);
    // x refused and c displaced.
    expect(t.stats().dropped).toBe(2);
    const e = t.run({ name: 'e', delayMs: 300 }, { first: true })!;
    await new Promise((r) => setTimeout(r, 50));
    const f = t.run({ name: 'f', delayMs: 10 }, { first: true })!;
    const g = t.run({ name: 'g', delayMs: 10 }, { first: true })!;
    // Every job waiting is `first`: nothing to displace.
    expect(t.run({ name: 'h', delayMs: 10 }, { first: true })).toBe(null);
    expect(await Promise.all([e, f, g])).toEqual(['e', 'f', 'g']);
  }, 20_000);
});
