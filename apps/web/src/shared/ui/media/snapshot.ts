/** The canvas errors of spec 001 §8. */
export const NO_CONTEXT = 'Could not get 2D context from canvas';
export const NO_BLOB = 'Error getting blob from canvas';

/** Draws the shown picture (image or current video frame), rotated as shown, into a JPEG blob. */
export function snapshotOf(source: HTMLImageElement | HTMLVideoElement, rotation: number): Promise<Blob> {
  const w = source instanceof HTMLVideoElement ? source.videoWidth : source.naturalWidth;
  const h = source instanceof HTMLVideoElement ? source.videoHeight : source.naturalHeight;
  const quarter = rotation % 180 !== 0;
  const canvas = document.createElement('canvas');
  canvas.width = quarter ? h : w;
  canvas.height = quarter ? w : h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error(NO_CONTEXT));
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  ctx.drawImage(source, -w / 2, -h / 2, w, h);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(NO_BLOB))), 'image/jpeg', 0.92),
  );
}

/** Saves a blob as a file through a temporary link. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
