/**
 * The demo cameras' pictures (decision 0876): a shop front, a car park and a warehouse yard a customer recognises,
 * drawn by ffmpeg (drawbox, drawgrid, drawtext with Debian's DejaVu fonts) and composited with the person's
 * photograph (assets/person.png), instead of the test grid. Drawn on a 1280 × 720 plan and scaled to the loop's
 * size; encoded once into the replayed loop like every other scene, so a camera costs what a replayed loop costs.
 * The moving thing keeps the motion intervals' contract: it moves only inside them (motion detection's answers).
 */
export type DemoView = 'shop' | 'car-park' | 'yard';

/** A drawn rectangle on the 1280 × 720 plan: x, y, w, h and a colour (0xRRGGBB). */
type Rect = readonly [number, number, number, number, string];

const BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const PLAN_W = 1280;
/** The key colour behind the drawn vehicles, made transparent by colorkey: pure green appears nowhere else. */
const KEY = '0x00ff00';

interface ViewSize {
  width: number;
  height: number;
  fps: number;
  loopSec: number;
}

/** drawbox filters for the rectangles, scaled from the plan to the picture. */
export function boxes(rects: readonly Rect[], scale: number): string[] {
  const s = (v: number) => Math.round(v * scale);
  return rects.map(([x, y, w, h, c]) => `drawbox=x=${s(x)}:y=${s(y)}:w=${s(w)}:h=${s(h)}:color=${c}:t=fill`);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const CAR_COLOURS = ['0x9c1c1c', '0x1f4e8c', '0xc9ccd0', '0x202326', '0xeeeeea', '0x2e6b3a', '0x6b6f74'];

/** A car seen from above, nose up, in a 110 × 180 bay on the plan: body, windscreen, roof, rear window. */
function parkedCar(x: number, y: number, colour: string): Rect[] {
  return [
    [x, y, 110, 180, colour],
    [x + 12, y + 36, 86, 34, '0x1d2730'],
    [x + 14, y + 72, 82, 56, colour],
    [x + 14, y + 130, 82, 26, '0x1d2730'],
  ];
}

/** The car park, seen from a lamp post: grass and hedge at the back, two rows of bays, parked cars, a kerb. */
const CAR_PARK: Rect[] = [
  [0, 0, 1280, 80, '0x5b7a3c'],
  [0, 80, 1280, 40, '0x34502a'],
  [0, 120, 1280, 530, '0x505356'],
  [0, 650, 1280, 70, '0x9a9890'],
  [0, 646, 1280, 8, '0xd8d4c8'],
  // Bay lines: a back line per row and a line between bays, 150 apart.
  [40, 130, 1200, 6, '0xe8e8e0'],
  ...range(9).map((i): Rect => [40 + i * 150, 130, 6, 200, '0xe8e8e0']),
  [40, 640, 1200, 6, '0xe8e8e0'],
  ...range(9).map((i): Rect => [40 + i * 150, 440, 6, 200, '0xe8e8e0']),
  // The aisle's painted arrows, as dashes.
  ...range(6).map((i): Rect => [120 + i * 200, 383, 80, 6, '0xe0c030']),
  ...[0, 1, 3, 4, 6, 7].flatMap((bay, i) =>
    parkedCar(66 + bay * 150, 145, CAR_COLOURS[i % CAR_COLOURS.length]!),
  ),
  ...[0, 2, 3, 5, 7].flatMap((bay, i) =>
    parkedCar(66 + bay * 150, 452, CAR_COLOURS[(i + 3) % CAR_COLOURS.length]!),
  ),
];

/** A car seen from above driving right along the aisle: 220 × 104 on the plan. */
const DRIVING_CAR_TOP: Rect[] = [
  [0, 0, 220, 104, '0xb8860b'],
  [130, 10, 40, 84, '0x1d2730'],
  [60, 12, 68, 80, '0xa0740a'],
  [20, 12, 36, 80, '0x1d2730'],
];

/** A car seen from the side driving right: 260 × 110 on the plan, wheels below the body (key colour around). */
const DRIVING_CAR_SIDE: Rect[] = [
  [0, 0, 260, 110, KEY],
  [50, 0, 150, 50, '0x1f4e8c'],
  [64, 8, 56, 38, '0x9fb3c2'],
  [128, 8, 60, 38, '0x9fb3c2'],
  [0, 44, 260, 46, '0x1f4e8c'],
  [244, 56, 16, 12, '0xf4e4a0'],
  [30, 76, 50, 34, '0x151515'],
  [180, 76, 50, 34, '0x151515'],
];

/** A shop front: brick above, a green fascia, an awning, two windows with stocked shelves, a glass door, paving. */
function shopFront(): Rect[] {
  const shelves = [300, 390, 470].flatMap((y) => [
    [50, y, 440, 6, '0x8a8a8a'] as Rect,
    [790, y, 440, 6, '0x8a8a8a'] as Rect,
    ...range(11).flatMap((i): Rect[] => [
      [60 + i * 40, y - 44, 28, 44, CAR_COLOURS[(i + y) % CAR_COLOURS.length]!],
      [800 + i * 40, y - 44, 28, 44, CAR_COLOURS[(i * 3 + y) % CAR_COLOURS.length]!],
    ]),
  ]);
  return [
    [0, 60, 1280, 92, '0x1f5e3b'],
    ...range(16).map((i): Rect => [i * 80, 152, 40, 44, '0xf2f2ea']),
    ...range(16).map((i): Rect => [i * 80 + 40, 152, 40, 44, '0x2a7a4c']),
    [0, 196, 1280, 424, '0xe3dccd'],
    [40, 220, 460, 320, '0x2f3d48'],
    [780, 220, 460, 320, '0x2f3d48'],
    ...shelves,
    [560, 220, 160, 380, '0x35454f'],
    [0, 600, 1280, 120, '0xb0aca2'],
    ...range(8).map((i): Rect => [i * 160 + 80, 600, 4, 120, '0x96928a']),
    [0, 660, 1280, 4, '0x96928a'],
  ];
}

/** Drawn after the person (who is inside the shop): the frames and walls around the glass, so they pass behind. */
const SHOP_FRONT_LAYER: Rect[] = [
  [0, 196, 40, 404, '0xe3dccd'],
  [500, 196, 60, 404, '0xe3dccd'],
  [720, 196, 60, 404, '0xe3dccd'],
  [1240, 196, 40, 404, '0xe3dccd'],
  [0, 540, 1280, 60, '0x6b5b4b'],
  [40, 212, 460, 8, '0x3a3a3a'],
  [780, 212, 460, 8, '0x3a3a3a'],
  [552, 212, 176, 8, '0x3a3a3a'],
  [552, 212, 8, 388, '0x3a3a3a'],
  [720, 212, 8, 388, '0x3a3a3a'],
  [700, 400, 8, 60, '0xc0c0c0'],
  [585, 232, 110, 40, '0xb3261e'],
  [268, 220, 8, 320, '0x3a3a3a'],
  [1008, 220, 8, 320, '0x3a3a3a'],
];

/** A warehouse's front and its yard: sky, ribbed cladding, two roller shutters, a parked van, yellow lines. */
const YARD: Rect[] = [
  [0, 0, 1280, 120, '0xa8bccd'],
  [0, 120, 1280, 20, '0x5d6870'],
  [420, 160, 440, 50, '0xf4f4f0'],
  ...[160, 740].flatMap((x): Rect[] => [
    [x - 12, 236, 324, 234, '0x4a4f55'],
    [x, 248, 300, 222, '0xb7bcc0'],
    ...range(18).map((i): Rect => [x, 256 + i * 12, 300, 3, '0x969ba0']),
  ]),
  [0, 470, 1280, 250, '0x55585a'],
  [0, 560, 1280, 8, '0xe0c030'],
  [0, 700, 1280, 8, '0xe0c030'],
  [1000, 330, 250, 130, '0xeeeeea'],
  [1190, 350, 56, 50, '0x1d2730'],
  [1020, 440, 50, 34, '0x151515'],
  [1170, 440, 50, 34, '0x151515'],
];

/** The x of a thing crossing left to right once in each motion interval, as crossingX does for the person. */
function crossing(motion: ReadonlyArray<readonly [number, number]>): string {
  return motion.map(([a, b]) => `between(t,${a},${b})*(-w+(W+w)*(t-${a})/${b - a})`).join('+') || '0';
}

const enableOf = (motion: ReadonlyArray<readonly [number, number]>) =>
  motion.map(([a, b]) => `between(t,${a},${b - 0.001})`).join('+') || '0';

/** A drawn vehicle as a source: its rectangles on the key colour, the key made transparent. */
function vehicle(
  rects: readonly Rect[],
  w: number,
  h: number,
  scale: number,
  v: ViewSize,
  label: string,
): string {
  const s = (n: number) => Math.round(n * scale);
  return (
    `color=c=${KEY}:size=${s(w)}x${s(h)}:rate=${v.fps}:duration=${v.loopSec},` +
    `${boxes(rects, scale).join(',')},colorkey=${KEY}:0.2:0,format=yuva420p[${label}];`
  );
}

/** The camera's own text, small in the bottom right corner: the web app's badges sit top left. */
export function osdText(v: { width: number; height: number }): string {
  const size = Math.max(10, Math.round(v.height / 36));
  return (
    `drawtext=fontfile=${BOLD}:text='%{pts\\:hms}':fontsize=${size}:fontcolor=white:` +
    `box=1:boxcolor=black@0.45:boxborderw=${Math.round(size / 4)}:x=w-tw-${size}:y=h-th-${size}`
  );
}

/** The lavfi graph of a demo view; `picture` is the person's photograph (the shop's customer). */
export function viewFilterGraph(
  view: DemoView,
  v: ViewSize,
  motion: ReadonlyArray<readonly [number, number]>,
  picture?: string,
): string {
  const scale = v.width / PLAN_W;
  const s = (n: number) => Math.round(n * scale);
  const base = `color=c=0x8c4a32:size=${v.width}x${v.height}:rate=${v.fps}:duration=${v.loopSec}`;
  const grain = 'noise=alls=3:allf=t';
  const enable = enableOf(motion);
  if (view === 'shop') {
    if (!picture) throw new Error('the shop view needs the person picture');
    const sign = `drawtext=fontfile=${BOLD}:text='CORNER MARKET':fontsize=${s(58)}:fontcolor=0xf4f0e0:x=(w-tw)/2:y=${s(78)}`;
    return [
      `${base},drawgrid=w=${s(48)}:h=${s(16)}:t=2:c=0x6e3a28,${boxes(shopFront(), scale).join(',')},${sign}[bg];`,
      `movie=${picture},scale=-2:${s(300)}[obj];`,
      `[bg][obj]overlay=x='${crossing(motion)}':y=${s(236)}:enable='${enable}',`,
      `${boxes(SHOP_FRONT_LAYER, scale).join(',')},`,
      `drawtext=fontfile=${BOLD}:text='OPEN':fontsize=${s(26)}:fontcolor=white:x=${s(604)}:y=${s(240)},`,
      `${grain},${osdText(v)}`,
    ].join('');
  }
  const [rects, car, cw, ch, cy] =
    view === 'car-park'
      ? ([CAR_PARK, DRIVING_CAR_TOP, 220, 104, 340] as const)
      : ([YARD, DRIVING_CAR_SIDE, 260, 110, 580] as const);
  const cladding = view === 'yard' ? `,drawgrid=w=${s(24)}:h=${v.height}:t=2:c=0x7b8790` : '';
  const base2 = view === 'yard' ? base.replace('0x8c4a32', '0x8e9aa3') : base;
  const sign =
    view === 'yard'
      ? `,drawtext=fontfile=${BOLD}:text='WAREHOUSE B':fontsize=${s(38)}:fontcolor=0x1d2730:x=(w-tw)/2:y=${s(166)}`
      : '';
  return [
    `${base2}${cladding},${boxes(rects, scale).join(',')}${sign}[bg];`,
    vehicle(car, cw, ch, scale, v, 'car'),
    `[bg][car]overlay=x='${crossing(motion)}':y=${s(cy)}:enable='${enable}',`,
    `${grain},${osdText(v)}`,
  ].join('');
}
