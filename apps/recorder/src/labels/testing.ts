import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A photograph of a man seated at a table, 210 × 158 (cut from @vladmandic/human's samples.jpg, MIT: assets/). */
export const PERSON_PNG = fileURLToPath(new URL('../../assets/person.png', import.meta.url));

async function jpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', ...args, '-frames:v', '1', '-f', 'mjpeg', 'pipe:1'],
    {
      encoding: 'buffer',
      maxBuffer: 16 << 20,
    },
  );
  return stdout;
}

/** A 1280×720 camera picture: a man seated at a table (PERSON_PNG) on a plain wall. */
export function personPicture(): Promise<Buffer> {
  return jpeg([
    '-i',
    PERSON_PNG,
    '-filter_complex',
    'color=c=0x8a8070:size=1280x720[bg];[0]scale=-1:560[p];[bg][p]overlay=x=380:y=80',
  ]);
}

/** The same wall with nobody: a scene a motion detector might fire on (light, noise) with nothing to label. */
export function emptyPicture(): Promise<Buffer> {
  return jpeg(['-f', 'lavfi', '-i', 'color=c=0x8a8070:size=1280x720,noise=alls=8:allf=t']);
}
