import { expect, test } from '@playwright/test';
import { E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from '../env.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('a wrong password shows the server error; the right one lands on home with the e-mail', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(E2E_SUPPORT_EMAIL, 'not the password');
  await expect(signIn.error).toHaveText('Incorrect e-mail or password');
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn.signIn(E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD);
  await expect(page.getByTestId('signed-in-as')).toContainText(E2E_SUPPORT_EMAIL);
  await page.screenshot({ path: 'test-results/signed-in.png' });

  // A reload keeps the session; the e-mail is still there.
  await page.reload();
  await expect(page.getByTestId('signed-in-as')).toContainText(E2E_SUPPORT_EMAIL);
});

test('a signed-out visitor to a private page goes to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
