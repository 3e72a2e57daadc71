import { SignedManifest } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** GET /exports/{id}/manifest: the signed manifest of a finished download (decision 0506); 404 until it is signed. */
export const getExportManifest = (exportId: string): Promise<SignedManifest> =>
  apiFetch(`/exports/${encodeURIComponent(exportId)}/manifest`, SignedManifest);
