import type { APIRequestContext } from '@playwright/test';
import { E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from './env.ts';

/**
 * A takeaway vendor's brand on a host of its own. `*.localhost` names reach the server on 127.0.0.1 from Chromium
 * without any resolver setting (RFC 6761), and the server tells brands apart by the host name.
 */
export const TAKEAWAY_HOST = 'takeaway.localhost';

/**
 * Creates the brand through support's brands API, once per run (a second call finds it there). False while the
 * brands API is not in this branch: the journey cannot be walked without a takeaway host.
 */
export async function createTakeawayBrand(request: APIRequestContext): Promise<boolean> {
  const login = await request.post('/login', {
    data: { email: E2E_SUPPORT_EMAIL, password: E2E_SUPPORT_PASSWORD },
  });
  const { authToken } = (await login.json()) as { authToken: string };
  void authToken;
  return false;
}
