/** A box as the detector gives it: x1, y1, x2, y2 in 0..1 of its letterboxed square input (decision 0555). */
export type DetectorBox = readonly [number, number, number, number];

/**
 * A detector's box in 0..1 of the picture itself, clamped to it: the recogniser letterboxes each picture into a
 * square (the picture centred, the rest padding), so a box is moved and scaled out of the padding.
 */
export function pictureBox(
  box: DetectorBox,
  picture: { width: number; height: number },
): [number, number, number, number] {
  const scale = Math.max(picture.width, picture.height);
  const w = picture.width / scale;
  const h = picture.height / scale;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x = (v: number) => clamp((v - (1 - w) / 2) / w);
  const y = (v: number) => clamp((v - (1 - h) / 2) / h);
  return [x(box[0]), y(box[1]), x(box[2]), y(box[3])];
}
