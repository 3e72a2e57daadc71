import { ShareMetadata, ShareVerifyResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/**
 * GET /jwt/verify (spec 001 §7): the share token in Authorization, the viewer's own token, when signed in, in
 * X-Auth-Token.
 */
export const verifyShare = (shareToken: string, authToken: string | undefined): Promise<ShareVerifyResult> =>
  apiFetch('/jwt/verify', ShareVerifyResult, {
    headers: { authorization: `Bearer ${shareToken}`, ...(authToken ? { 'x-auth-token': authToken } : {}) },
  });

/** GET /jwt/metadata: a link's type, access and expiry, even when it no longer opens. */
export const shareMetadata = (shareToken: string): Promise<ShareMetadata> =>
  apiFetch('/jwt/metadata', ShareMetadata, { headers: { authorization: `Bearer ${shareToken}` } });
