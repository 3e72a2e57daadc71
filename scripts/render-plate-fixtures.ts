/**
 * Writes the plate reader's test pictures (apps/recorder/src/plates/fixtures/, decision 0790) with the
 * simulator's plate scenes: `node scripts/render-plate-fixtures.ts`. The pictures are committed; the test states
 * what each one shows as literal strings, so changing a scene here means checking the test by eye.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { type PlateScene, plateSceneArgs } from '@vigil/simulator';

const dir = join(import.meta.dirname, '../apps/recorder/src/plates/fixtures');
const base: Omit<PlateScene, 'text' | 'plateHeight'> = {
  angle: 0,
  light: 0,
  plateColour: 'white',
  bodyColour: '0x9c1c1c',
  font: 'narrow',
  width: 480,
  height: 360,
};
const scenes: Record<string, PlateScene> = {
  'gb-front-red': { ...base, text: 'AB12 CDE', plateHeight: 40 },
  'gb-rear-blue-small': {
    ...base,
    text: 'LM67 XRT',
    plateHeight: 20,
    plateColour: 'yellow',
    bodyColour: '0x1c3c9c',
  },
  'gb-rear-green-tilted': {
    ...base,
    text: 'KX70 YPM',
    plateHeight: 30,
    angle: -10,
    plateColour: 'yellow',
    bodyColour: '0x1c7c2c',
  },
  'fr-white-tilted': {
    ...base,
    text: 'GH-456-KL',
    plateHeight: 28,
    angle: 8,
    font: 'dejavu',
    bodyColour: '0xe8e8e8',
  },
  'us-black-dusk': {
    ...base,
    text: '7ABC123',
    plateHeight: 24,
    angle: -6,
    light: -0.25,
    bodyColour: '0x202020',
  },
  'es-silver': {
    ...base,
    text: '4821 BCD',
    plateHeight: 22,
    angle: 4,
    bodyColour: '0xa8aaae',
    font: 'dejavu',
  },
};
for (const [name, scene] of Object.entries(scenes)) {
  const out = join(dir, `${name}.jpg`);
  execFileSync('ffmpeg', [...plateSceneArgs(scene, out).slice(0, -1), '-q:v', '4', out]);
  console.log(out);
}
