import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which Vitest hands files to its workers (decision 0888). Vitest's own order runs projects one after
 * the other by name, so every `video` file (real video, ffmpeg, other processes: minutes of waiting) came after
 * all the `node` files, and the suite ended with four video files side by side and nothing else to do: the layout
 * in which they ran slowest and most often missed their time limits (decision 0023). Here the `video` files are
 * spread through the queue in proportion to the others (about one in four), so a video file's waits meet another
 * file's computing from the start, and no kind is left alone at the end. Within each kind the order is Vitest's:
 * longest first from the last run's cache, else largest file first.
 */
export class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return interleave(await super.sort(files), (f) => f.project.name === 'video');
  }
}

/** `items` with those `heavy` picks spread evenly among the rest, each kind in its own order. */
export function interleave<T>(items: readonly T[], heavy: (item: T) => boolean): T[] {
  const a = items.filter(heavy);
  const b = items.filter((i) => !heavy(i));
  const out: T[] = [];
  let i = 0;
  let j = 0;
  // Whichever kind is behind its share of the queue goes next; the heavy kind first on a tie.
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && i / a.length <= j / b.length)) out.push(a[i++] as T);
    else out.push(b[j++] as T);
  }
  return out;
}
