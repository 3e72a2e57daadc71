import type { Rgb } from './rgb.ts';

/** A rotated rectangle in a picture's pixels: centre, size along and across its angle (radians, clockwise). */
export interface RotatedBox {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

/**
 * Cuts a rotated rectangle out of a picture, straight, `outHeight` pixels high (width in proportion): each output
 * pixel samples the picture bilinearly at its place in the rectangle. Outside the picture reads as its edge.
 */
export function straighten(img: Rgb, box: RotatedBox, outHeight: number): Rgb {
  const scale = box.height / outHeight;
  const width = Math.max(1, Math.round(box.width / scale));
  const height = outHeight;
  const data = new Uint8Array(width * height * 3);
  const cos = Math.cos(box.angle);
  const sin = Math.sin(box.angle);
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5 - height / 2) * scale;
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5 - width / 2) * scale;
      const px = Math.min(img.width - 1, Math.max(0, box.cx + u * cos - v * sin - 0.5));
      const py = Math.min(img.height - 1, Math.max(0, box.cy + u * sin + v * cos - 0.5));
      const x0 = Math.floor(px);
      const y0 = Math.floor(py);
      const x1 = Math.min(img.width - 1, x0 + 1);
      const y1 = Math.min(img.height - 1, y0 + 1);
      const wx = px - x0;
      const wy = py - y0;
      for (let c = 0; c < 3; c++) {
        const a = img.data[(y0 * img.width + x0) * 3 + c]!;
        const b = img.data[(y0 * img.width + x1) * 3 + c]!;
        const d = img.data[(y1 * img.width + x0) * 3 + c]!;
        const e = img.data[(y1 * img.width + x1) * 3 + c]!;
        const top = a + (b - a) * wx;
        data[(y * width + x) * 3 + c] = Math.round(top + (d + (e - d) * wx - top) * wy);
      }
    }
  }
  return { width, height, data };
}

/** The upright box around a rotated one. */
export function boundsOf(b: RotatedBox): { x1: number; y1: number; x2: number; y2: number } {
  const hw = (Math.abs(Math.cos(b.angle)) * b.width + Math.abs(Math.sin(b.angle)) * b.height) / 2;
  const hh = (Math.abs(Math.sin(b.angle)) * b.width + Math.abs(Math.cos(b.angle)) * b.height) / 2;
  return { x1: b.cx - hw, y1: b.cy - hh, x2: b.cx + hw, y2: b.cy + hh };
}
