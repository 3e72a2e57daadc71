import type { Point } from '@vigil/contracts';

/**
 * The analysis pixels inside any of the zones (1) or not (0). Zones are polygons in coordinates normalised to
 * 0..1; a pixel belongs to a zone when its centre does (even-odd rule). No zone: the whole picture.
 */
export function zoneMask(
  width: number,
  height: number,
  zones: readonly { points: readonly Point[] }[],
): Uint8Array {
  const mask = new Uint8Array(width * height);
  if (zones.length === 0) return mask.fill(1);
  for (const zone of zones) {
    const pts = zone.points.map(([x, y]) => [x * width, y * height] as const);
    for (let py = 0; py < height; py++) {
      const cy = py + 0.5;
      // Crossings of this row with the outline, then fill between pairs.
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [x1, y1] = pts[i]!;
        const [x2, y2] = pts[(i + 1) % pts.length]!;
        if (y1 <= cy !== y2 <= cy) xs.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
        for (let px = from; px <= to; px++) mask[py * width + px] = 1;
      }
    }
  }
  return mask;
}
