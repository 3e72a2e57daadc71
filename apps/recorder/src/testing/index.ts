/**
 * '@vigil/recorder/testing': support for tests and benches outside the recorder, never for product code
 * (depcruise/packages.cjs forbids it there). Fixtures, and the recorder's inner steps that benches time on their
 * own; decision 0216.
 */

// Splitting a recording into fragments and its keyframe marks, as the segment writer does: the video benches.
export { Mp4Splitter } from '../bmff/splitter.ts';
// Pictures the object recogniser must label (a person) and must not (an empty scene): the labels bench.
export { emptyPicture, personPicture } from '../labels/testing.ts';
// Motion detection's decode alone, as the recorder runs it: the motion CPU bench.
export { motionDecodeArgs } from '../motion/args.ts';
export { analysisSize } from '../motion/frames.ts';
export { encodeKeyframes, KeyframeMarks } from '../storage/keyframes.ts';
// Synthetic fMP4 for the server's playback and export tests.
export { makeFmp4 } from './fixtures.ts';
// Every process's command line, as `ps` shows it: no camera password may appear in one (the install probe).
export { processCommandLines } from './processes.ts';
