import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { CenterNet, MODEL_INPUT } from '../labels/centernet.ts';
import { PaddleOcr } from './ocr.ts';
import { decodeJpeg } from './picture.ts';
import { PlateReader } from './plate-reader.ts';
import type { PictureReads, PlatesReply, PlatesRequest, PlatesWorkerData } from './protocol.ts';
import { findVehicles } from './vehicles.ts';

/**
 * The plate reader's thread (decision 0790): for each picture of an event, ffmpeg decodes it, the object detector
 * finds its vehicles, PaddleOCR finds and reads their plates. One job at a time; the models load with the first.
 */
const data = workerData as PlatesWorkerData;
try {
  // On Linux a nice value belongs to a thread: reading plates runs below ingest, stills and HTTP.
  setPriority(data.nice);
} catch {
  // Not permitted: it still runs, at normal priority.
}

let models: Promise<{ net: CenterNet; reader: PlateReader }> | undefined;
let loadMs: number | undefined;

function load(): Promise<{ net: CenterNet; reader: PlateReader }> {
  if (models) return models;
  const t = performance.now();
  models = Promise.all([CenterNet.load(), PaddleOcr.load()]).then(([net, ocr]) => {
    loadMs = performance.now() - t;
    return { net, reader: new PlateReader(ocr) };
  });
  models.catch(() => {
    models = undefined;
  });
  return models;
}

async function handle(req: PlatesRequest): Promise<PlatesReply> {
  const { net, reader } = await load();
  const loaded = loadMs;
  loadMs = undefined;
  const timings = { decodeMs: 0, detectMs: 0, ocrMs: 0 };
  const pictures: PictureReads[] = [];
  for (const [picture, jpeg] of req.jpegs.entries()) {
    const t0 = performance.now();
    const img = await decodeJpeg(data.ffmpegPath, jpeg);
    const t1 = performance.now();
    const vehicles = req.vehicles ?? (await findVehicles(net, img, MODEL_INPUT));
    const t2 = performance.now();
    const reads = await reader.read(img, vehicles);
    const t3 = performance.now();
    timings.decodeMs += t1 - t0;
    timings.detectMs += t2 - t1;
    timings.ocrMs += t3 - t2;
    pictures.push({ picture, width: img.width, height: img.height, vehicles: vehicles.length, reads });
  }
  return { id: req.id, ok: true, pictures, ...timings, loadMs: loaded };
}

parentPort?.on('message', (req: PlatesRequest) => {
  handle(req).then(
    (reply) => parentPort?.postMessage(reply),
    (err: unknown) =>
      parentPort?.postMessage({ id: req.id, ok: false, error: String(err) } satisfies PlatesReply),
  );
});
