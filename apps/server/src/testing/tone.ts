import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Sound for the two-way audio tests (decision 0709): a tone made by ffmpeg, and the oracle that reads back what the
 * simulator's speaker heard (16-bit little-endian PCM, mono, 8 kHz).
 */

/** A sine tone of `hz` for `seconds` in a file named `name` (.m4a: AAC as a phone records it; .wav: PCM). */
export function toneFile(hz: number, seconds: number, name = 'tone.m4a'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'vigil-tone-')), name);
  const codec = name.endsWith('.wav') ? ['-ac', '1'] : ['-c:a', 'aac'];
  const input = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${hz}:sample_rate=44100`,
  ];
  execFileSync('ffmpeg', [...input, '-t', String(seconds), ...codec, path]);
  return path;
}

export const toneClip = (hz: number, seconds: number): Buffer => readFileSync(toneFile(hz, seconds));

/** The dominant frequency of 16-bit little-endian PCM at 8 kHz, from its zero crossings. */
export function frequencyOf(pcm: Buffer): number {
  let crossings = 0;
  for (let i = 2; i + 1 < pcm.length; i += 2)
    if (pcm.readInt16LE(i - 2) < 0 !== pcm.readInt16LE(i) < 0) crossings++;
  return crossings / 2 / (pcm.length / 2 / 8000);
}

/** Seconds of sound in such PCM. */
export const secondsOf = (pcm: Buffer): number => pcm.length / 2 / 8000;
