// A job thread's worker for job-thread.test.ts: answers each job with its `name` after `delayMs`, one at a time.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (req: { id: number; name: string; delayMs: number }) => {
  setTimeout(() => parentPort?.postMessage({ id: req.id, ok: true, name: req.name }), req.delayMs);
});
