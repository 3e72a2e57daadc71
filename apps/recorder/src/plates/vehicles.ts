import type { CenterNet } from '../labels/centernet.ts';
import type { Detection } from '../labels/decode.ts';
import { LABEL_NMS_IOU } from '../labels/settings.ts';
import type { Vehicle } from './plate-reader.ts';
import { type Rgb, resize } from './rgb.ts';

/** COCO classes that carry plates. */
export const VEHICLE_LABELS: ReadonlySet<string> = new Set(['car', 'truck', 'bus', 'motorcycle']);
/** Vehicles below this detector score are not looked at (clear cars score well above it). */
export const VEHICLE_MIN_CONFIDENCE = 0.3;
/** At most this many vehicles read per picture, most confident first. */
export const VEHICLES_PER_PICTURE = 6;

/** The picture scaled to fit size × size and centred on black, as the detector takes it (decision 0555). */
export function letterbox(
  img: Rgb,
  size: number,
): { input: Uint8Array; scale: number; dx: number; dy: number } {
  const scale = Math.min(size / img.width, size / img.height);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const small = resize(img, w, h);
  const dx = Math.floor((size - w) / 2);
  const dy = Math.floor((size - h) / 2);
  const input = new Uint8Array(size * size * 3);
  for (let y = 0; y < h; y++)
    input.set(small.data.subarray(y * w * 3, (y + 1) * w * 3), ((y + dy) * size + dx) * 3);
  return { input, scale, dx, dy };
}

/** The detector's vehicles of a picture, in the picture's pixels. */
export async function findVehicles(net: CenterNet, img: Rgb, size: number): Promise<Vehicle[]> {
  const { input, scale, dx, dy } = letterbox(img, size);
  const dets: Detection[] = await net.detect(input, {
    minConfidence: VEHICLE_MIN_CONFIDENCE,
    iou: LABEL_NMS_IOU,
    maxDetections: 20,
  });
  return dets
    .filter((d) => VEHICLE_LABELS.has(d.label))
    .slice(0, VEHICLES_PER_PICTURE)
    .map((d) => ({
      label: d.label,
      confidence: d.confidence,
      box: {
        x1: Math.max(0, (d.box[0] * size - dx) / scale),
        y1: Math.max(0, (d.box[1] * size - dy) / scale),
        x2: Math.min(img.width, (d.box[2] * size - dx) / scale),
        y2: Math.min(img.height, (d.box[3] * size - dy) / scale),
      },
    }));
}
