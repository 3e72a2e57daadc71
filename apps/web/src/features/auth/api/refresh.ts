import { RefreshResult, type WebLogin } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** POST /login/refresh (spec 000 §7): exchanges the login token for new auth, management and login tokens. */
export const refreshLogin = (webLogin: WebLogin, time: number, app: boolean): Promise<RefreshResult> =>
  apiFetch('/login/refresh', RefreshResult, {
    method: 'POST',
    anonymous: true,
    query: { time, app: app || undefined },
    body: {
      loginToken: webLogin.loginToken,
      seriesId: webLogin.seriesId,
      uid: webLogin.uid,
      ssoRefreshToken: webLogin.ssoRefreshToken,
    },
  });
