import type { BrandAssetBody } from '@vigil/contracts';

/** The image types brands and installers upload (no SVG: it can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;

/** A file as the upload calls take it: its type and bytes in base64; undefined for another type. */
export async function bodyOf(file: File): Promise<BrandAssetBody | undefined> {
  const type = IMAGE_TYPES.find((t) => t === file.type);
  if (!type) return undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { contentType: type, data: btoa(binary) };
}
