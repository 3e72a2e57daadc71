import { expect, test } from '../fixtures.ts';

// The API's description (decision 0020): Swagger UI at /docs works under its own CSP, and its document is the
// server's. The fixture fails the test on any CSP violation.
// No trace: Swagger UI draws ~200 operations, and the trace's DOM snapshot before each action took most of the
// test's time on a busy two-core machine (a click waited ~28 s); without it the test ran its course.
test.use({ trace: 'off' });
test('Swagger UI at /docs shows the API under its Content-Security-Policy', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(90_000);
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
