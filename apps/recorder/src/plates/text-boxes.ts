/**
 * Text regions from a DB text detector's probability map (PaddleOCR's detector; the method is "Real-time Scene
 * Text Detection with Differentiable Binarization", Liao et al., AAAI 2020): pixels above `threshold` joined into
 * 4-connected regions; a region whose mean probability reaches `boxThreshold` is a text line. The detector draws
 * its regions shrunk, so each is grown back ("unclipped") by area × ratio / perimeter on every side.
 *
 * A region is returned as a rotated rectangle: its centre, its long axis's angle (from the region's second
 * moments) and its extent along and across that axis, so a tilted plate can be cut out straight.
 */
export interface TextBox {
  cx: number;
  cy: number;
  /** Along the text line and across it, in map pixels, after unclipping. */
  width: number;
  height: number;
  /** Of the text line, in radians, clockwise from the x axis (y points down). */
  angle: number;
  score: number;
}

export interface TextBoxOptions {
  threshold: number;
  boxThreshold: number;
  unclipRatio: number;
  /** Regions with fewer pixels are noise. */
  minPixels: number;
}

export const TEXT_BOX_DEFAULTS: TextBoxOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minPixels: 12,
};

export function textBoxes(
  prob: Float32Array,
  width: number,
  height: number,
  o: TextBoxOptions = TEXT_BOX_DEFAULTS,
): TextBox[] {
  const seen = new Uint8Array(width * height);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < prob.length; start++) {
    if (seen[start] || prob[start]! <= o.threshold) continue;
    members.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, p + width]) {
        if (q < 0 || q >= prob.length || seen[q] || prob[q]! <= o.threshold) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    if (members.length < o.minPixels) continue;
    const box = regionBox(prob, width, members, o.unclipRatio);
    if (box.score >= o.boxThreshold) boxes.push(box);
  }
  return boxes;
}

function regionBox(prob: Float32Array, width: number, members: number[], unclipRatio: number): TextBox {
  let sx = 0;
  let sy = 0;
  let score = 0;
  for (const p of members) {
    sx += p % width;
    sy += Math.floor(p / width);
    score += prob[p]!;
  }
  const n = members.length;
  const cx = sx / n;
  const cy = sy / n;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const p of members) {
    const dx = (p % width) - cx;
    const dy = Math.floor(p / width) - cy;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (const p of members) {
    const dx = (p % width) - cx;
    const dy = Math.floor(p / width) - cy;
    const u = dx * cos + dy * sin;
    const v = -dx * sin + dy * cos;
    minU = Math.min(minU, u);
    maxU = Math.max(maxU, u);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v);
  }
  // Pixel centres: a region one pixel wide spans one pixel.
  const w = maxU - minU + 1;
  const h = maxV - minV + 1;
  const grow = (w * h * unclipRatio) / (2 * (w + h));
  const mu = (minU + maxU) / 2;
  const mv = (minV + maxV) / 2;
  return {
    cx: cx + mu * cos - mv * sin,
    cy: cy + mu * sin + mv * cos,
    width: w + 2 * grow,
    height: h + 2 * grow,
    angle,
    score: score / n,
  };
}
