/**
 * Pictures of a person with or without a hard hat and a high-visibility vest, for the PPE check's tests and
 * `npm run bench -- ppe` (decision 0870): the simulator's person photograph (assets/person.png, a man in a dark
 * jacket) on a site's wall, and drawn on it as the plate scene draws: a vest (two fluorescent panels over the torso
 * with grey reflective bands) and a helmet (a dome of stacked boxes over the head, with a brim), at a chosen
 * size and light. The arguments are data: one ffmpeg writes one picture; the scene knows where the person is.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The person's photograph (assets/person.png, LICENSE.md there). */
const PERSON_PNG = fileURLToPath(new URL('assets/person.png', import.meta.url));

export interface PpeScene {
  helmet: PpeHelmetColour | null;
  vest: PpeVestColour | null;
  /** The photograph's scale: 1 is 210 × 158 px. */
  scale: number;
  /** Brightness change, −1..1 (ffmpeg eq): dusk is negative. */
  light: number;
  /** The wall behind, as ffmpeg names colours. */
  wall: string;
  width: number;
  height: number;
}

export const PPE_HELMET_COLOURS = {
  white: '0xf0f0ec',
  yellow: '0xffcc00',
  orange: '0xff7000',
  red: '0xcc1a1a',
  blue: '0x1f4fc8',
} as const;
export type PpeHelmetColour = keyof typeof PPE_HELMET_COLOURS;

export const PPE_VEST_COLOURS = { yellow: '0xd8ff1e', orange: '0xff6a10' } as const;
export type PpeVestColour = keyof typeof PPE_VEST_COLOURS;

/** The photograph's size and where its man's head and torso are in it (measured on assets/person.png). */
const PHOTO = { w: 210, h: 158 } as const;
const HEAD = { x1: 103, x2: 146, top: 24 } as const;
const TORSO = { x1: 84, x2: 182, y1: 70, y2: 118 } as const;
/** The man's left and right edges in the photograph (the table's ends left out). */
const PERSON = { x1: 70, x2: 196 } as const;
/** The drawn helmet's dome rises this far above the head's top. */
const HELMET_RISE = 10;

/** Where the person is in the picture (the photograph and the helmet above it): a detector's box's truth. */
export function ppePersonBox(s: PpeScene): { x1: number; y1: number; x2: number; y2: number } {
  const { x, y, k } = placement(s);
  return {
    x1: x + Math.round(PERSON.x1 * k),
    y1: y + Math.round((HEAD.top - HELMET_RISE) * k),
    x2: x + Math.round(PERSON.x2 * k),
    y2: s.height,
  };
}

function placement(s: PpeScene): { x: number; y: number; k: number } {
  const k = s.scale;
  const x = Math.round((s.width - PHOTO.w * k) / 2);
  // The table stands on the picture's lower edge.
  return { x, y: s.height - Math.round(PHOTO.h * k), k };
}

function box(x: number, y: number, w: number, h: number, colour: string): string {
  return `drawbox=x=${Math.round(x)}:y=${Math.round(y)}:w=${Math.max(1, Math.round(w))}:h=${Math.max(1, Math.round(h))}:color=${colour}:t=fill`;
}

/** The helmet: a brim and a dome of five boxes, each narrower towards the top. */
function helmetBoxes(s: PpeScene, colour: string): string[] {
  const { x, y, k } = placement(s);
  const cx = x + ((HEAD.x1 + HEAD.x2) / 2) * k;
  const w = (HEAD.x2 - HEAD.x1 + 8) * k;
  const base = y + (HEAD.top + 12) * k;
  const out = [box(cx - w / 2 - 3 * k, base, w + 6 * k, 4 * k, colour)];
  const step = (HELMET_RISE + 12) / 5;
  for (let i = 0; i < 5; i++) {
    const ww = w * Math.sqrt(1 - (i / 5.2) ** 2);
    out.push(box(cx - ww / 2, base - (i + 1) * step * k, ww, step * k + 1, colour));
  }
  return out;
}

/**
 * The vest: two fluorescent panels over the torso, open in the middle as vests are worn (the shirt shows), with two
 * reflective bands each; a little of the jacket shows through (a flat opaque block hides the person from the
 * detector, a real vest does not).
 */
function vestBoxes(s: PpeScene, colour: string): string[] {
  const { x, y, k } = placement(s);
  const by = y + TORSO.y1 * k;
  const w = (TORSO.x2 - TORSO.x1) * k;
  const h = (TORSO.y2 - TORSO.y1) * k;
  const panel = w * 0.37;
  const out: string[] = [];
  for (const px of [x + TORSO.x1 * k, x + TORSO.x1 * k + w - panel]) {
    out.push(box(px, by, panel, h, `${colour}@0.85`));
    for (const f of [0.35, 0.7]) out.push(box(px, by + h * f, panel, Math.max(1, h * 0.08), '0xb8bcbc@0.9'));
  }
  return out;
}

/** ffmpeg arguments writing the scene as one picture to `out` (JPEG or PNG by its name). */
export function ppeSceneArgs(s: PpeScene, out: string, personPng = PERSON_PNG): string[] {
  const { x, y, k } = placement(s);
  const pw = Math.round(PHOTO.w * k);
  const ph = Math.round(PHOTO.h * k);
  const draw = [
    ...(s.vest ? vestBoxes(s, PPE_VEST_COLOURS[s.vest]) : []),
    ...(s.helmet ? helmetBoxes(s, PPE_HELMET_COLOURS[s.helmet]) : []),
  ];
  const graph =
    `color=c=${s.wall}:s=${s.width}x${s.height}[wall];[0:v]scale=${pw}:${ph}[person];` +
    `[wall][person]overlay=x=${x}:y=${y}${draw.length ? `,${draw.join(',')}` : ''},` +
    `eq=brightness=${s.light},noise=alls=4:allf=u`;
  return ['-v', 'error', '-y', '-i', personPng, '-filter_complex', graph, '-frames:v', '1', out];
}

/** The scene as a JPEG, as a camera's still would be (quality 3 of ffmpeg's mjpeg), drawn by real ffmpeg. */
export function ppeSceneJpeg(s: PpeScene, ffmpegPath = 'ffmpeg'): Uint8Array {
  const args = ppeSceneArgs(s, 'pipe:1').slice(0, -1);
  return execFileSync(ffmpegPath, [...args, '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1']);
}
