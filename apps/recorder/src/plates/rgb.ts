/** An RGB picture in memory: rgb24 bytes, row after row. */
export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A box in pixels of a picture: left, top, right, bottom (right and bottom excluded). */
export interface PixelBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The box cut to the picture, whole pixels. */
export function clampBox(b: PixelBox, width: number, height: number): PixelBox {
  const x1 = Math.max(0, Math.min(width - 1, Math.floor(b.x1)));
  const y1 = Math.max(0, Math.min(height - 1, Math.floor(b.y1)));
  return {
    x1,
    y1,
    x2: Math.max(x1 + 1, Math.min(width, Math.ceil(b.x2))),
    y2: Math.max(y1 + 1, Math.min(height, Math.ceil(b.y2))),
  };
}

export function crop(img: Rgb, box: PixelBox): Rgb {
  const b = clampBox(box, img.width, img.height);
  const width = b.x2 - b.x1;
  const height = b.y2 - b.y1;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((b.y1 + y) * img.width + b.x1) * 3;
    data.set(img.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { width, height, data };
}

/** Bilinear resize (enough for a model's input; no anti-aliasing on strong shrinking). */
export function resize(img: Rgb, width: number, height: number): Rgb {
  const data = new Uint8Array(width * height * 3);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.max(0, (y + 0.5) * sy - 0.5);
    const y0 = Math.min(img.height - 1, Math.floor(fy));
    const y1 = Math.min(img.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.max(0, (x + 0.5) * sx - 0.5);
      const x0 = Math.min(img.width - 1, Math.floor(fx));
      const x1 = Math.min(img.width - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const a = img.data[(y0 * img.width + x0) * 3 + c]!;
        const b = img.data[(y0 * img.width + x1) * 3 + c]!;
        const d = img.data[(y1 * img.width + x0) * 3 + c]!;
        const e = img.data[(y1 * img.width + x1) * 3 + c]!;
        const top = a + (b - a) * wx;
        const bottom = d + (e - d) * wx;
        data[(y * width + x) * 3 + c] = Math.round(top + (bottom - top) * wy);
      }
    }
  }
  return { width, height, data };
}

/**
 * Planar float input for a PaddleOCR model: channels in B, G, R order (the models were trained on OpenCV's BGR
 * pictures), each value (v / 255 − mean) / std.
 */
export function toBgrPlanes(img: Rgb, mean: readonly number[], std: readonly number[]): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) {
      const v = img.data[i * 3 + (2 - c)]! / 255;
      out[c * n + i] = (v - mean[c]!) / std[c]!;
    }
  }
  return out;
}
