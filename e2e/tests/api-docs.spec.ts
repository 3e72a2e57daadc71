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
  // An operation of the spec, opened: its request's fields and its answer's (the example) are shown.
  const operation = (method: string, path: string) =>
    page.locator(`.opblock-${method}`, { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
  const login = operation('post', '/login');
  await login.locator('.opblock-summary').click();
  await expect(login.locator('.parameters')).toContainText('rememberme');
  // Closed again: Swagger UI draws operations as they come into view, and the open one pushes the rest out of it.
  await login.locator('.opblock-summary').click();
  const session = operation('get', '/session');
  await session.locator('.opblock-summary').click();
  await expect(session.locator('.responses-wrapper')).toContainText('managementToken');
  expect(cspViolations).toEqual([]);

  const json = await page.request.get('/docs/json');
  expect(json.status()).toBe(200);
  expect((await json.json()).openapi).toBe('3.1.0');
});
