/**
 * Greedy CTC decoding (Graves et al., 2006) of a recogniser's output, `steps` × `classes` probabilities, class 0
 * the blank. Only the classes in `allowed` (and the blank) compete at each step: a plate holds letters and
 * digits, so a Chinese character or a punctuation mark the model finds likelier than a letter cannot win.
 */
export interface CtcResult {
  text: string;
  /** Mean probability of the characters read (0 when none). */
  confidence: number;
  /** Lowest probability among them: one doubtful character makes the plate doubtful. */
  weakest: number;
}

export function ctcDecode(
  probs: Float32Array,
  steps: number,
  classes: number,
  charset: readonly string[],
  allowed: readonly number[],
): CtcResult {
  let text = '';
  let sum = 0;
  let weakest = 1;
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    let best = 0;
    let bestP = probs[row]!;
    for (const k of allowed) {
      const p = probs[row + k]!;
      if (p > bestP) {
        best = k;
        bestP = p;
      }
    }
    if (best !== 0 && best !== previous) {
      text += charset[best] ?? '';
      sum += bestP;
      weakest = Math.min(weakest, bestP);
    }
    previous = best;
  }
  return { text, confidence: text ? sum / text.length : 0, weakest: text ? weakest : 0 };
}
