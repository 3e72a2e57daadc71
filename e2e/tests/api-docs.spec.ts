import { expect, test } from '../fixtures.ts';

// The API's description (decision 0020): Swagger UI at /docs works under its own CSP, and its document is the
// server's. The fixture fails the test on any CSP violation.
test('Swagger UI at /docs shows the API under its Content-Security-Policy', async ({
  page,
  cspViolations,
}) => {
  const res = await page.goto('/docs');
  expect(res?.headers()['content-security-policy']).toContain("connect-src 'self';");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Vigil API');
  // An operation of the spec, opened: its answer's fields are listed.
  const login = page
    .locator('.opblock-post')
    .filter({ hasText: /^POST\/login$/ })
    .first();
  await login.locator('.opblock-summary').first().click();
  await expect(login.locator('.responses-wrapper')).toContainText('authToken');
  expect(cspViolations).toEqual([]);

  const json = await page.request.get('/docs/json');
  expect(json.status()).toBe(200);
  expect((await json.json()).openapi).toBe('3.1.0');
});
