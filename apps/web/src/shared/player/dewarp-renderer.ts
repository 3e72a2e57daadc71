import { FISHEYE_CAMERA_RADIUS } from '@vigil/contracts';
import {
  DEWARP_SHADER,
  type DewarpLayout,
  type DewarpView,
  type FisheyeMount,
  MOUNT_AXES,
  panes,
} from './dewarp.ts';

const VERTEX = 'attribute vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }';
const rad = (d: number) => (d * Math.PI) / 180;

/** Draws a video frame flattened into one, three or four panes of a canvas, with WebGL. */
export class DewarpRenderer {
  readonly #gl: WebGLRenderingContext;
  readonly #program: WebGLProgram;
  readonly #texture: WebGLTexture;
  readonly canvas: HTMLCanvasElement;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    const gl = canvas.getContext('webgl', { preserveDrawingBuffer: true });
    if (!gl) throw new Error('WebGL is not available for fisheye flattening');
    this.#gl = gl;
    const shader = (type: number, src: string) => {
      const s = gl.createShader(type) as WebGLShader;
      gl.shaderSource(s, src);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s) ?? 'shader');
      return s;
    };
    const program = gl.createProgram() as WebGLProgram;
    gl.attachShader(program, shader(gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, shader(gl.FRAGMENT_SHADER, DEWARP_SHADER));
    gl.linkProgram(program);
    // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook
    gl.useProgram(program);
    this.#program = program;
    const buf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buf);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    const loc = gl.getAttribLocation(program, 'p');
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, 2, gl.FLOAT, false, 0, 0);
    this.#texture = gl.createTexture() as WebGLTexture;
    gl.bindTexture(gl.TEXTURE_2D, this.#texture);
    for (const p of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T])
      gl.texParameteri(gl.TEXTURE_2D, p, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  }

  draw(video: HTMLVideoElement, view: DewarpView, layout: DewarpLayout, mount: FisheyeMount): void {
    const gl = this.#gl;
    const { width, height } = this.canvas;
    if (!video.videoWidth || !width || !height) return;
    gl.bindTexture(gl.TEXTURE_2D, this.#texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB, gl.RGB, gl.UNSIGNED_BYTE, video);
    const u = (name: string) => gl.getUniformLocation(this.#program, name);
    const axes = MOUNT_AXES[mount];
    gl.uniform3fv(u('axis'), axes.axis);
    gl.uniform3fv(u('axU'), axes.u);
    gl.uniform3fv(u('axV'), axes.v);
    gl.uniform1f(u('frameAspect'), video.videoWidth / video.videoHeight);
    gl.uniform1f(u('radius'), FISHEYE_CAMERA_RADIUS);
    for (const p of panes(layout)) {
      const x = Math.round(p.x * width);
      const w = Math.round(p.w * width);
      const h = Math.round(p.h * height);
      // WebGL counts rows from the bottom.
      const y = height - Math.round(p.y * height) - h;
      gl.viewport(x, y, w, h);
      gl.uniform2f(u('pane'), w, h);
      gl.uniform2f(u('origin'), x, y);
      gl.uniform3f(u('view'), rad(view.panDeg + p.panOffsetDeg), rad(view.tiltDeg), rad(view.fovDeg));
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    }
  }
}
