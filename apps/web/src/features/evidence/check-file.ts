import type { VerifyExportBody, VerifyExportResult } from '@vigil/contracts';
import { verifyExport } from './api/verify-export.ts';
import { sha256OfFile } from './hash-file.ts';

/** Manifests are small; anything larger is checked as a clip. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

export type CheckOutcome =
  | { kind: 'clip'; sha256: string; result: VerifyExportResult }
  | { kind: 'manifest'; result: VerifyExportResult };

/**
 * A saved manifest file (the answer of GET /exports/:id/manifest, as the download saves it) when the file is JSON
 * of that shape; undefined for anything else, which is then checked as a clip.
 */
export async function manifestBodyOf(file: File): Promise<VerifyExportBody | undefined> {
  if (file.size > MANIFEST_MAX_BYTES || !/\.json$/i.test(file.name)) return undefined;
  try {
    const v: unknown = JSON.parse(await file.text());
    if (typeof v !== 'object' || v === null) return undefined;
    const { manifest, signature, keyId } = v as Record<string, unknown>;
    if (typeof manifest !== 'object' || manifest === null || typeof signature !== 'string') return undefined;
    return {
      manifest: manifest as Record<string, unknown>,
      signature,
      ...(typeof keyId === 'string' ? { keyId } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Checks one dropped file: its signature if it is a manifest, else its hash against the service's exports. */
export async function checkFile(
  file: File,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  const manifest = await manifestBodyOf(file);
  if (manifest) return { kind: 'manifest', result: await verifyExport(manifest) };
  const sha256 = await sha256OfFile(file, onProgress, signal);
  return { kind: 'clip', sha256, result: await verifyExport({ sha256 }) };
}
