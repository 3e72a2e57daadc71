import type { Request } from '@playwright/test';
import { expect, signInAs, spaGoto, test } from '../fixtures.ts';

test('a failed chunk load shows the refresh-for-update message inside the frame', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.u, '/permission-levels');
  await expect(page.getByRole('heading', { name: 'Permission levels' })).toBeVisible();
  // A new release replaced the files: the cameras screen's chunk is gone.
  await page.route('**/assets/CamerasPage-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await spaGoto(page, '/cameras');
  await expect(page.getByRole('alert')).toContainText('A new version of Vigil is available');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.unroute('**/assets/CamerasPage-*.js');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Cameras' })).toBeVisible();
});

test('error reports: once per 10 s, the same message not within 30 s, tokens redacted', async ({
  page,
  accounts,
}) => {
  await page.clock.install();
  const login = await signInAs(page, accounts.u, '/cameras?token=very-secret');
  await expect(page.getByRole('heading', { name: 'Cameras' })).toBeVisible();
  const reports: Request[] = [];
  page.on('request', (r) => {
    if (/\/web-errors\/[^/]+\/slack$/.test(r.url())) reports.push(r);
  });
  const fail = (message: string) =>
    page.evaluate(
      (m) => window.dispatchEvent(new ErrorEvent('error', { error: new Error(m), message: m })),
      message,
    );

  await fail('boom A');
  await fail('boom B'); // within 10 s of A
  await page.clock.fastForward(10_000);
  await fail('boom A'); // A again within 30 s
  await fail('boom B');
  await page.clock.fastForward(20_000);
  await fail('boom A'); // 30 s after A, 20 s after B
  await fail('TypeError: Failed to fetch'); // benign: never reported
  await page.evaluate(() => 0);

  await expect.poll(() => reports.length).toBe(3);
  const bodies = reports.map(
    (r) => r.postDataJSON() as { message: string; href: string; identifier: string },
  );
  // Sorted: the three reports are sent as they are allowed, but a later one's request can start before an earlier
  // one's under load. What counts is which were let through: A at 0 s, B at 10 s, A again at 30 s.
  expect(bodies.map((b) => b.message).sort()).toEqual(['Error: boom A', 'Error: boom A', 'Error: boom B']);
  expect(bodies[0]?.href).toContain('token=[redacted]');
  expect(bodies[0]?.href).not.toContain('very-secret');
  expect(bodies[0]?.identifier).toBe(accounts.u.email);
  expect(new URL(reports[0]!.url()).pathname).toBe(`/web-errors/${login.uid}/slack`);
  // The server took them.
  const statuses = await Promise.all(reports.map(async (r) => (await r.response())?.status()));
  expect(statuses).toEqual([202, 202, 202]);
});
