import { LoginResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** GET /login/demo with an optional region (spec 000 §7): a session on the fixed demo account. */
export const demoLogin = (region?: string): Promise<LoginResult> =>
  apiFetch('/login/demo', LoginResult, { query: { region } });
