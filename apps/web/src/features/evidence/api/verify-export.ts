import { type VerifyExportBody, VerifyExportResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/**
 * POST /exports/verify (decision 0506): a file's SHA-256 (hashed here: the file never leaves the device), or a
 * saved manifest with its signature. Public: sent without the session, so a signed-in check reads like anyone's.
 */
export const verifyExport = (body: VerifyExportBody): Promise<VerifyExportResult> =>
  apiFetch('/exports/verify', VerifyExportResult, { method: 'POST', body, anonymous: true });
