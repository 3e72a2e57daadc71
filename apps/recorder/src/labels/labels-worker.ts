import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { runFfmpeg } from '../stills/run-ffmpeg.ts';
import { CenterNet, MODEL_INPUT } from './centernet.ts';
import { labelsOf } from './decode.ts';
import { modelInputArgs } from './image-args.ts';
import type { WorkerData, WorkerReply, WorkerRequest } from './protocol.ts';

/**
 * The recogniser's thread (decision 0555): decodes a still with ffmpeg, runs the detector, replies with labels.
 * One job at a time (the recogniser sends the next after the reply); the model loads with the first job.
 */
const data = workerData as WorkerData;
try {
  // On Linux a nice value belongs to a thread: this lowers inference below the server's own thread.
  setPriority(data.nice);
} catch {
  // Not permitted or not supported: inference still runs, at normal priority.
}

let model: Promise<CenterNet> | undefined;
let loadMs: number | undefined;

async function handle(req: WorkerRequest): Promise<WorkerReply> {
  const t0 = performance.now();
  const rgb = await runFfmpeg(data.ffmpegPath, modelInputArgs(MODEL_INPUT), [Buffer.from(req.jpeg)]);
  const t1 = performance.now();
  if (!model) {
    model = CenterNet.load();
    model.then(
      () => {
        loadMs = performance.now() - t1;
      },
      () => {
        model = undefined;
      },
    );
  }
  const net = await model;
  const t2 = performance.now();
  const detections = await net.detect(rgb, data.decode);
  const t3 = performance.now();
  return {
    id: req.id,
    ok: true,
    detections,
    labels: labelsOf(detections, data.maxLabels),
    decodeMs: t1 - t0,
    inferMs: t3 - t2,
    loadMs,
  };
}

parentPort?.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (reply) => parentPort?.postMessage(reply),
    (err: unknown) =>
      parentPort?.postMessage({ id: req.id, ok: false, error: String(err) } satisfies WorkerReply),
  );
});
