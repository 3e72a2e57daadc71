/**
 * Reads the wall clock a `clock` camera burns into its picture, for latency measurements: the bottom-left bar
 * code is a start cell, 44 bits of epoch milliseconds (most significant first) and an end cell, each cell a
 * bright or dark character of a monospace font (written by clock_bits() in rtsp_server.py).
 */
export const CLOCK_BITS = 44;
const CELLS = CLOCK_BITS + 2;

/** Decodes the clock from a greyscale (one byte per pixel) frame; null when no valid bar code is found. */
export function decodeClockBar(gray: Uint8Array, width: number, height: number): number | null {
  for (let y = height - 1; y >= Math.floor(height * 0.6); y--) {
    const value = decodeRow(gray.subarray(y * width, (y + 1) * width));
    if (value !== null) return value;
  }
  return null;
}

interface Run {
  start: number;
  end: number;
}

function brightRuns(row: Uint8Array): Run[] {
  const runs: Run[] = [];
  let start = -1;
  for (let x = 0; x <= row.length; x++) {
    const bright = x < row.length && (row[x] ?? 0) > 128;
    if (bright && start < 0) start = x;
    if (!bright && start >= 0) {
      runs.push({ start, end: x });
      start = -1;
    }
  }
  return runs;
}

function decodeRow(row: Uint8Array): number | null {
  const runs = brightRuns(row);
  const first = runs[0];
  // The bar code starts near the left edge; its three most significant bits are 0 until 2039, so the first
  // run is the start cell alone.
  if (!first || first.start > row.length / 4) return null;
  const x0 = first.start;
  // Which run ends the bar code? The one that makes the start cell one cell wide and puts every run edge on a
  // cell boundary (a divisor of the true cell width aligns every edge too, hence the start-cell test).
  for (const candidate of runs.slice(1)) {
    const cell = (candidate.end - x0) / CELLS;
    if (cell < 3) continue;
    if (cell > row.length / CELLS) break;
    if (Math.abs((first.end - x0) / cell - 1) > 0.3) continue;
    const inside = runs.filter((r) => r.end <= candidate.end);
    const aligned = inside.every((r) => onBoundary((r.start - x0) / cell) && onBoundary((r.end - x0) / cell));
    if (!aligned) continue;
    let value = 0;
    for (let i = 0; i < CLOCK_BITS; i++) {
      const x = Math.round(x0 + (i + 1.5) * cell);
      value = value * 2 + ((row[x] ?? 0) > 128 ? 1 : 0);
    }
    return value;
  }
  return null;
}

const onBoundary = (cells: number): boolean => Math.abs(cells - Math.round(cells)) < 0.3;
