import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import '@tensorflow/tfjs-backend-wasm';
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import { type CenterNetOutputs, type DecodeOptions, type Detection, decodeCenterNet } from './decode.ts';

/** The model's input is a 512 × 512 RGB picture, values 0..255; its outputs a 128 × 128 grid (stride 4). */
export const MODEL_INPUT = 512;
const GRID = 128;
const CLASSES = 80;
const HEATMAP = 'tower_0/keypoints';
const SIZES = 'tower_0/wh';

/**
 * MB3-CenterNet trained on COCO, as @vladmandic/human 3.3.6 ships it (models/centernet.{json,bin}, a TF.js graph
 * model; MIT): the two files are kept in the recorder's assets/ (LICENSE.md there). Nothing is fetched.
 */
export function modelDir(): string {
  return fileURLToPath(new URL('../../assets/', import.meta.url));
}

interface ModelJson {
  format: string;
  generatedBy: string;
  convertedBy: string;
  modelTopology: object;
  signature: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

export class CenterNet {
  readonly #model: GraphModel;
  private constructor(model: GraphModel) {
    this.#model = model;
  }

  /** Starts TF.js on its WebAssembly backend (pure JS and wasm, one thread) and loads the graph. */
  static async load(dir = modelDir()): Promise<CenterNet> {
    await tf.setBackend('wasm');
    await tf.ready();
    const json = JSON.parse(await readFile(`${dir}/centernet.json`, 'utf8')) as ModelJson;
    const weights = json.weightsManifest.flatMap((g) => g.weights);
    const bins = await Promise.all(
      json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(`${dir}/${p}`)),
    );
    const all = Buffer.concat(bins);
    const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
    const model = await loadGraphModel({
      load: async () => ({
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        modelTopology: json.modelTopology,
        signature: json.signature,
        weightSpecs: weights,
        weightData,
      }),
    });
    return new CenterNet(model);
  }

  /** The raw outputs for one MODEL_INPUT² RGB picture (rgb24 bytes). */
  async outputs(rgb: Uint8Array): Promise<CenterNetOutputs> {
    if (rgb.length !== MODEL_INPUT * MODEL_INPUT * 3) throw new Error(`expected ${MODEL_INPUT}² RGB bytes`);
    const pixels = Float32Array.from(rgb);
    const input = tf.tensor4d(pixels, [1, MODEL_INPUT, MODEL_INPUT, 3]);
    const [heat, sizes] = this.#model.execute(input, [HEATMAP, SIZES]) as tf.Tensor[];
    try {
      return {
        heatmap: (await heat!.data()) as Float32Array,
        sizes: (await sizes!.data()) as Float32Array,
        grid: GRID,
        classes: CLASSES,
        stride: MODEL_INPUT / GRID,
      };
    } finally {
      tf.dispose([input, heat!, sizes!]);
    }
  }

  async detect(rgb: Uint8Array, o: DecodeOptions): Promise<Detection[]> {
    return decodeCenterNet(await this.outputs(rgb), o);
  }

  /** The graph's own decoded output (x1, y1, x2, y2 in input pixels, score, class): tests compare ours to it. */
  async reference(rgb: Uint8Array): Promise<number[][]> {
    const input = tf.tensor4d(Float32Array.from(rgb), [1, MODEL_INPUT, MODEL_INPUT, 3]);
    const det = this.#model.execute(input, 'tower_0/detections') as tf.Tensor;
    try {
      return ((await det.array()) as number[][][])[0]!;
    } finally {
      tf.dispose([input, det]);
    }
  }

  dispose(): void {
    this.#model.dispose();
  }
}
