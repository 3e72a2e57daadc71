/** Settings shared by the Playwright config and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_480);
export const E2E_SUPPORT_EMAIL = 'support-e2e@vigil.local';
export const E2E_SUPPORT_PASSWORD = 'e2e support password';
/** Sign-ups carrying this installer id are self-registrations (the forced get-started rule). */
export const E2E_SELF_REG_INSTALLER_ID = 'selfreg-e2e';
