import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runFfmpeg } from './ffmpeg-jobs.ts';

/**
 * Decodes only analytics use run below recording and live (decision 0798), as the plates' keyframes are: the job's own niceness, as the kernel
 * reports it in /proc (field 19 of stat), read by a stand-in for ffmpeg that prints it.
 */
const dir = mkdtempSync(join(tmpdir(), 'vigil-nice-'));
const niceOf = join(dir, 'nice-of-me.sh');
writeFileSync(niceOf, "#!/bin/sh\ncat > /dev/null\nsleep 0.3\nawk '{print $19}' /proc/$$/stat\n");
chmodSync(niceOf, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs a job at the nice value asked for, and at the caller’s own without one', async () => {
  const niced = await runFfmpeg(niceOf, [], 5_000, 19);
  expect(niced.toString().trim()).toBe('19');
  const plain = await runFfmpeg(niceOf, [], 5_000);
  expect(plain.toString().trim()).toBe(String(getPriority()));
});
