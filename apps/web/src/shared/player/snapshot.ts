/** The errors of spec 001 §8 for a snapshot. */
export const NO_2D_CONTEXT = 'Could not get 2D context from canvas';
export const NO_BLOB = 'Error getting blob from canvas';

/** The picture as shown (the video frame, or the flattened canvas) as a JPEG blob. */
export function snapshot(source: HTMLVideoElement | HTMLCanvasElement): Promise<Blob> {
  const w = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const h = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error(NO_2D_CONTEXT));
  ctx.drawImage(source, 0, 0, w, h);
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
