import { confirmationPath, expect, outboxSubjects, signInAs, test } from '../fixtures.ts';

// Issue 14, decision 0009: a new account confirms its address with the e-mailed link before adding cameras.
test('the e-mailed confirmation link opens a page that confirms the address, once', async ({
  page,
  request,
}) => {
  const email = `confirm-${Date.now()}@e2e.example`;
  const password = 'a confirming password';
  const res = await request.post('/account/register', {
    data: { email, password, subscriberType: 'enduser' },
  });
  expect(res.ok()).toBe(true);
  const login = await request.post('/login', { data: { email, password } });
  const { authToken } = (await login.json()) as { authToken: string };
  const before = await request.post('/cameras', {
    headers: { authorization: `Bearer ${authToken}` },
    data: { url: 'rtsp://192.0.2.1:554/live', name: 'Gate' },
  });
  expect(before.status()).toBe(403);
  expect(((await before.json()) as { code: string }).code).toBe('email_unverified');

  // The account page says the address is not confirmed, and sends a new link on request.
  await signInAs(page, { email, password }, '/account');
  await expect(page.getByText('Confirm this address to add cameras and invite people')).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new link is on its way' })).toHaveText(
    `A new link is on its way to ${email}.`,
  );
  await expect
    .poll(() => outboxSubjects(email).filter((s) => s === 'Confirm your e-mail address'))
    .toHaveLength(2);
  const path = confirmationPath(email)!;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your e-mail address is confirmed. You can now add cameras and invite people.',
  );
  // Opened in the browser the person is signed in on: the way on is to their cameras, not to sign in.
  await page.getByRole('link', { name: 'Go to your cameras' }).click();
  await expect(page).toHaveURL(/\/cameras$/);
  const session = await request.get('/session', { headers: { authorization: `Bearer ${authToken}` } });
  expect(((await session.json()) as { emailVerified: boolean }).emailVerified).toBe(true);

  // The link is single-use: opening it again says so.
  await page.goto(path);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid, used or expired');
  // A fresh start of the app reads the confirmed state: the notice is gone.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'E-mail address' })).toBeVisible();
  await expect(page.getByText('Confirm this address to add cameras and invite people')).toHaveCount(0);
});
