/** The canvas errors of spec 001 §8 for a snapshot. */
export const NO_2D_CONTEXT = 'Could not get 2D context from canvas';
export const NO_BLOB = 'Error getting blob from canvas';

type Source = HTMLVideoElement | HTMLCanvasElement | HTMLImageElement;

const sizeOf = (s: Source): [number, number] =>
  s instanceof HTMLVideoElement
    ? [s.videoWidth, s.videoHeight]
    : s instanceof HTMLImageElement
      ? [s.naturalWidth, s.naturalHeight]
      : [s.width, s.height];

/**
 * The picture as shown, as a JPEG blob: the current video frame, an image, or a canvas (the flattened fisheye),
 * turned by `rotation` degrees (a multiple of 90) as the viewer shows it.
 */
export function snapshotOf(source: Source, rotation = 0): Promise<Blob> {
  const [w, h] = sizeOf(source);
  const quarter = rotation % 180 !== 0;
  const canvas = document.createElement('canvas');
  canvas.width = quarter ? h : w;
  canvas.height = quarter ? w : h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error(NO_2D_CONTEXT));
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  ctx.drawImage(source, -w / 2, -h / 2, w, h);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(NO_BLOB))), 'image/jpeg', 0.92),
  );
}

/** Saves a blob under a file name (an <a download> click). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A video's frame at `seconds`, from the video's bytes: a video element of this page's own (a blob), seeked there,
 * whose frames a canvas may read even when the playing element's came from another host.
 */
export function videoAt(blob: Blob, seconds: number): Promise<HTMLVideoElement> {
  const url = URL.createObjectURL(blob);
  const v = document.createElement('video');
  v.muted = true;
  v.preload = 'auto';
  return new Promise<HTMLVideoElement>((resolve, reject) => {
    v.onloadeddata = () => {
      v.onseeked = () => resolve(v);
      v.currentTime = seconds;
    };
    v.onerror = () => reject(new Error(NO_BLOB));
    v.src = url;
  }).finally(() => setTimeout(() => URL.revokeObjectURL(url), 0));
}
