import type { APIRequestContext } from '@playwright/test';
import { E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from './env.ts';

/**
 * A takeaway vendor's brand on a host of its own. `*.localhost` names reach the server on 127.0.0.1 from Chromium
 * without any resolver setting (RFC 6761), and the server tells brands apart by the host name.
 */
export const TAKEAWAY_HOST = 'takeaway.localhost';

/**
 * Creates the brand through support's brands API (`POST /support/brands`), once per run: a second call finds it
 * there (409).
 */
export async function createTakeawayBrand(request: APIRequestContext): Promise<void> {
  const login = await request.post('/login', {
    data: { email: E2E_SUPPORT_EMAIL, password: E2E_SUPPORT_PASSWORD },
  });
  const { authToken } = (await login.json()) as { authToken: string };
  const res = await request.post('/support/brands', {
    headers: { authorization: `Bearer ${authToken}` },
    data: {
      id: 'takeaway-e2e',
      name: 'Curry Corner',
      hosts: [TAKEAWAY_HOST],
      canRegister: false,
      canSellHardware: false,
      ssoProviders: [],
      fullWhiteLabel: false,
      hidePortalLink: true,
      namedPartner: false,
      takeawayVendor: true,
      analytics: false,
      analyticsInDemo: false,
      theme: {},
    },
  });
  if (!res.ok() && res.status() !== 409)
    throw new Error(`brand not created: ${res.status()} ${await res.text()}`);
}
