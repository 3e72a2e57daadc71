import { expect, test } from '../fixtures.ts';
import { resetLinkFor } from '../outbox.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('forgot password → e-mailed link → new password → sign in with it', async ({
  page,
  accounts,
  request,
}) => {
  // A fresh account: changing the password of the shared one would break the other suites.
  const email = `reset-${Date.now()}@e2e.example`;
  const res = await request.post('/account/register', {
    data: { email, password: 'the old password', subscriberType: 'enduser' },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page stays on screen while the next one loads, and it has an e-mail field too.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  await expect.poll(() => resetLinkFor(email)).toBeTruthy();
  const link = new URL(resetLinkFor(email)!);
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password/).fill('the new password');
  await expect(page.getByTestId('strength-meter')).toContainText('Strong');
  await page.getByLabel(/^Confirm password/).fill('the new password');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');

  // The link is single-use: the server's error shows below the form.
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password/).fill('another new password');
  await page.getByLabel(/^Confirm password/).fill('another new password');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, used or expired');

  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(email, 'the new password');
  await expect(page).toHaveURL(/\/cameras$/);
  void accounts;
});

test('a reset link without its parameters says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('This link is incomplete');
});
