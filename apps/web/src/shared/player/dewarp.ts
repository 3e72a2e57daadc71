import {
  DEWARP_KEYBOARD_STEP,
  FISHEYE_CAMERA_RADIUS,
  FISHEYE_FOV_MAX_DEG,
  FISHEYE_FOV_MIN_DEG,
  FISHEYE_FOV_START_DEG,
  FISHEYE_LATITUDE_LIMIT_DEG,
} from '@vigil/contracts';

/**
 * Fisheye flattening (spec 001 §3, §5, §9): the picture of a 180° fisheye lens is mapped onto a sphere of radius
 * FISHEYE_CAMERA_RADIUS seen from its centre by one, four or three virtual cameras (single, quad, triple) that pan
 * freely, tilt up to the latitude limit and zoom between 50° and 110° of field of view.
 */
export type DewarpLayout = 'single' | 'quad' | 'triple';
/** The three ways a fisheye camera hangs: on a ceiling looking down, on a wall looking ahead, on the floor. */
export type FisheyeMount = 'ceiling' | 'wall' | 'floor';

export interface DewarpView {
  panDeg: number;
  tiltDeg: number;
  fovDeg: number;
}

export const initialView = (mount: FisheyeMount): DewarpView => ({
  panDeg: 0,
  // Looking half-way between the lens axis and the horizon is where a ceiling or floor camera sees people.
  tiltDeg: mount === 'ceiling' ? -45 : mount === 'floor' ? 45 : 0,
  fovDeg: FISHEYE_FOV_START_DEG,
});

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const wrap = (deg: number) => ((((deg + 180) % 360) + 360) % 360) - 180;

export const clampView = (v: DewarpView): DewarpView => ({
  panDeg: wrap(v.panDeg),
  tiltDeg: clamp(v.tiltDeg, -FISHEYE_LATITUDE_LIMIT_DEG, FISHEYE_LATITUDE_LIMIT_DEG),
  fovDeg: clamp(v.fovDeg, FISHEYE_FOV_MIN_DEG, FISHEYE_FOV_MAX_DEG),
});

/** Keyboard control of the view: arrows pan and tilt, + and - zoom, 5 units a press (spec 001 §9). */
export function viewKey(v: DewarpView, key: string): DewarpView | undefined {
  const s = DEWARP_KEYBOARD_STEP;
  const moves: Record<string, Partial<DewarpView>> = {
    ArrowLeft: { panDeg: v.panDeg - s },
    ArrowRight: { panDeg: v.panDeg + s },
    ArrowUp: { tiltDeg: v.tiltDeg + s },
    ArrowDown: { tiltDeg: v.tiltDeg - s },
    '+': { fovDeg: v.fovDeg - s },
    '=': { fovDeg: v.fovDeg - s },
    '-': { fovDeg: v.fovDeg + s },
  };
  const m = moves[key];
  return m ? clampView({ ...v, ...m }) : undefined;
}

/** The panes of a layout in the canvas (fractions), each looking `panOffsetDeg` away from the view's pan. */
export function panes(
  layout: DewarpLayout,
): Array<{ x: number; y: number; w: number; h: number; panOffsetDeg: number }> {
  if (layout === 'single') return [{ x: 0, y: 0, w: 1, h: 1, panOffsetDeg: 0 }];
  if (layout === 'quad')
    return [0, 90, 180, 270].map((p, i) => ({
      x: (i % 2) / 2,
      y: Math.floor(i / 2) / 2,
      w: 0.5,
      h: 0.5,
      panOffsetDeg: p,
    }));
  return [0, 120, 240].map((p, i) => ({ x: i / 3, y: 0, w: 1 / 3, h: 1, panOffsetDeg: p }));
}

type Vec3 = [number, number, number];
const rad = (d: number) => (d * Math.PI) / 180;

/** The lens axis and two perpendicular directions of the picture, per mount (y up, z ahead). */
export const MOUNT_AXES: Record<FisheyeMount, { axis: Vec3; u: Vec3; v: Vec3 }> = {
  ceiling: { axis: [0, -1, 0], u: [1, 0, 0], v: [0, 0, 1] },
  floor: { axis: [0, 1, 0], u: [1, 0, 0], v: [0, 0, -1] },
  wall: { axis: [0, 0, 1], u: [1, 0, 0], v: [0, -1, 0] },
};

/**
 * Where in the fisheye picture (u, v in 0..1, v down) a pixel of a pane looks, or undefined outside the lens'
 * half sphere. (x, y) in -1..1 across the pane, `aspect` its width over height, `frameAspect` the picture's.
 * The shader computes the same (DEWARP_SHADER).
 */
export function fisheyeUv(
  x: number,
  y: number,
  aspect: number,
  view: DewarpView,
  mount: FisheyeMount,
  frameAspect: number,
): [number, number] | undefined {
  const f = 1 / Math.tan(rad(view.fovDeg) / 2);
  let d: Vec3 = [x * aspect, y, f];
  const n = Math.hypot(...d);
  d = [d[0] / n, d[1] / n, d[2] / n];
  const t = rad(view.tiltDeg);
  d = [d[0], d[1] * Math.cos(t) + d[2] * Math.sin(t), -d[1] * Math.sin(t) + d[2] * Math.cos(t)];
  const p = rad(view.panDeg);
  d = [d[0] * Math.cos(p) + d[2] * Math.sin(p), d[1], -d[0] * Math.sin(p) + d[2] * Math.cos(p)];
  // The point of the sphere the ray meets, then its angle from the lens axis.
  const P = d.map((c) => c * FISHEYE_CAMERA_RADIUS) as Vec3;
  const { axis, u, v } = MOUNT_AXES[mount];
  const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const theta = Math.acos(clamp(dot(P, axis) / FISHEYE_CAMERA_RADIUS, -1, 1));
  if (theta > Math.PI / 2) return undefined;
  const phi = Math.atan2(dot(P, v), dot(P, u));
  // Equidistant lens: the image circle fills the picture's shorter side.
  const r = (theta / (Math.PI / 2)) * 0.5;
  const sx = frameAspect >= 1 ? 1 / frameAspect : 1;
  const sy = frameAspect >= 1 ? 1 : frameAspect;
  return [0.5 + r * Math.cos(phi) * sx, 0.5 + r * Math.sin(phi) * sy];
}

/** The WebGL fragment shader: fisheyeUv per pixel. */
export const DEWARP_SHADER = `
precision highp float;
uniform sampler2D frame;
uniform vec2 pane;       // pane width, height in pixels
uniform vec2 origin;     // pane origin in pixels
uniform vec3 view;       // pan, tilt, fov (radians)
uniform vec3 axis;
uniform vec3 axU;
uniform vec3 axV;
uniform float frameAspect;
uniform float radius;
void main() {
  vec2 q = (gl_FragCoord.xy - origin) / pane * 2.0 - 1.0;
  float f = 1.0 / tan(view.z / 2.0);
  vec3 d = normalize(vec3(q.x * pane.x / pane.y, -q.y, f));
  float ct = cos(view.y), st = sin(view.y);
  d = vec3(d.x, d.y * ct + d.z * st, -d.y * st + d.z * ct);
  float cp = cos(view.x), sp = sin(view.x);
  d = vec3(d.x * cp + d.z * sp, d.y, -d.x * sp + d.z * cp);
  vec3 P = d * radius;
  float theta = acos(clamp(dot(P, axis) / radius, -1.0, 1.0));
  if (theta > 1.5707964) { gl_FragColor = vec4(0.0, 0.0, 0.0, 1.0); return; }
  float phi = atan(dot(P, axV), dot(P, axU));
  float r = theta / 1.5707964 * 0.5;
  vec2 s = frameAspect >= 1.0 ? vec2(1.0 / frameAspect, 1.0) : vec2(1.0, frameAspect);
  gl_FragColor = texture2D(frame, vec2(0.5, 0.5) + r * vec2(cos(phi), sin(phi)) * s);
}`;
