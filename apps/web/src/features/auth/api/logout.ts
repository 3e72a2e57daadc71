import { Done, type WebLogin } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /logout with the login series to end (spec 000 §7). A false answer is a failed logout (§5). */
export async function logout(webLogin: WebLogin | null, phoneId: string | undefined): Promise<void> {
  const body = webLogin
    ? { loginToken: webLogin.loginToken, seriesId: webLogin.seriesId, uid: webLogin.uid }
    : {};
  const ok = await apiFetch('/logout', Done, { method: 'POST', query: { phoneid: phoneId }, body });
  if (ok !== true) throw new Error('Logout failed');
}
