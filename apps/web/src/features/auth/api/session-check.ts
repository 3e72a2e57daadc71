import { LoginResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** GET /session: the session check at app start; the account info for the stored auth token. */
export const checkSession = (): Promise<LoginResult> => apiFetch('/session', LoginResult);
