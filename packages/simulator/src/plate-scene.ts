/**
 * Pictures of a vehicle carrying a licence plate, for the plate reader's tests and `npm run bench -- lpr`
 * (decision 0790): a road, a vehicle's body in a colour, and a plate in one of several formats, drawn by ffmpeg's
 * drawtext with a condensed bold sans (Liberation Sans Narrow Bold, DejaVu Sans Bold: the machine's real fonts;
 * the countries' own plate typefaces are not free to ship), at a chosen height, tilt and light. The arguments are
 * data: one ffmpeg writes one PNG.
 */
export interface PlateScene {
  /** As printed on the plate, separators included ('AB12 CDE'). */
  text: string;
  /** Plate height in pixels of the picture; its width follows the format's proportions. */
  plateHeight: number;
  /** Tilt of the plate, degrees, clockwise. */
  angle: number;
  /** Brightness change, −1..1 (ffmpeg eq): dusk is negative. */
  light: number;
  plateColour: 'white' | 'yellow';
  /** The body's colour, as ffmpeg names colours ('0x9c1c1c'). */
  bodyColour: string;
  font: 'narrow' | 'dejavu';
  width: number;
  height: number;
}

export const PLATE_FONTS = {
  narrow: '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf',
  dejavu: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
} as const;

const PLATE_BG = { white: '0xf4f4f0', yellow: '0xf2c21b' } as const;

/** The vehicle's body inside the picture: the plate sits at its lower middle. */
export function bodyBox(s: PlateScene): { x: number; y: number; w: number; h: number } {
  const w = Math.round(s.width * 0.7);
  const h = Math.round(s.height * 0.6);
  return { x: Math.round((s.width - w) / 2), y: Math.round(s.height * 0.25), w, h };
}

/** ffmpeg arguments writing the scene as one PNG to `out`. */
export function plateSceneArgs(s: PlateScene, out: string): string[] {
  const ph = s.plateHeight;
  // A plate is about 4.7 times as wide as high (520 × 111 mm in Europe); the characters fill ~70 % of its height.
  const pw = Math.round(ph * 4.7);
  // Narrow bold glyphs are ~0.5 em wide, DejaVu's bold ~0.72 em: the text must fit the plate's width.
  const em = s.font === 'narrow' ? 0.5 : 0.72;
  const fontSize = Math.round(Math.min(ph * 0.72, (pw * 0.9) / (s.text.length * em)));
  const body = bodyBox(s);
  const rad = (s.angle * Math.PI) / 180;
  const text = s.text.replace(/[':\\]/g, '');
  const plate =
    `color=c=${PLATE_BG[s.plateColour]}:s=${pw}x${ph},` +
    `drawtext=fontfile=${PLATE_FONTS[s.font]}:text='${text}':fontsize=${fontSize}:fontcolor=0x111111:` +
    `x=(w-text_w)/2:y=(h-text_h)/2,format=rgba,` +
    `rotate=${rad.toFixed(4)}:c=none:ow=rotw(${rad.toFixed(4)}):oh=roth(${rad.toFixed(4)})[plate]`;
  const scene =
    `color=c=0x55585a:s=${s.width}x${s.height},` +
    `drawbox=x=${body.x}:y=${body.y}:w=${body.w}:h=${body.h}:color=${s.bodyColour}:t=fill,` +
    `drawbox=x=${body.x + Math.round(body.w * 0.15)}:y=${body.y + 4}:w=${Math.round(body.w * 0.7)}:h=${Math.round(body.h * 0.3)}:color=0x1d2730:t=fill[car]`;
  const px = Math.round(body.x + (body.w - pw) / 2);
  const py = Math.round(body.y + body.h * 0.72 - ph / 2);
  const graph = `${plate};${scene};[car][plate]overlay=x=${px}:y=${py},eq=brightness=${s.light},noise=alls=4:allf=u`;
  return ['-v', 'error', '-y', '-filter_complex', graph, '-frames:v', '1', out];
}
