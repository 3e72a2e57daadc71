import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from '../env.ts';
import { expect, signInAs, test } from '../fixtures.ts';

/**
 * Installers' own logo and colours (spec 001 §3; decision 0820): an installer sets its accent colour and logo on the
 * portal, and its customer's app shows them instead of the brand's.
 */

/** The set-password link of the newest e-mail to this address (the outbox: no SMTP here). */
function inviteOf(email: string): { uid: string; v: string } | undefined {
  const db = new DatabaseSync(join(process.env.E2E_DATA_DIR!, 'vigil.sqlite'), { readOnly: true });
  try {
    const row = db
      .prepare('SELECT body_text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1')
      .get(email) as { body_text: string } | undefined;
    const m = row?.body_text.match(/reset-password\?uid=([^&\s]+)&v=(\S+)/);
    return m ? { uid: decodeURIComponent(m[1]!), v: decodeURIComponent(m[2]!) } : undefined;
  } finally {
    db.close();
  }
}

async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { authToken: string }).authToken;
}

/** Made by `token` at `url`, invited by e-mail, its password chosen through the link. */
async function invited(request: APIRequestContext, url: string, token: string, label: string) {
  const tag = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const made = await request.post(url, {
    headers: { authorization: `Bearer ${token}` },
    data: { company: `${label} ${tag}`, email },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await expect.poll(() => inviteOf(email)).toBeTruthy();
  const { uid, v } = inviteOf(email)!;
  const password = `correct horse ${tag}`;
  const set = await request.get('/resetpassword', { params: { uid, v, newpass: password } });
  expect(set.ok(), await set.text()).toBe(true);
  return { email, password, token: await login(request, email, password) };
}

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test("an installer's colours and logo replace the brand's for its customers", async ({ page, request }) => {
  test.setTimeout(60_000);
  const support = await login(request, E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD);
  const dist = await invited(request, '/partners/distributors', support, 'brdist');
  const inst = await invited(request, '/partners/installers', dist.token, 'brinst');
  const customer = await invited(request, '/partners/customers', inst.token, 'brcust');

  // The installer sets its accent colour on the portal; a failing pair would be refused there.
  await signInAs(page, inst, '/manage');
  const section = page.getByRole('form', { name: 'Your logo and colours' });
  await section.getByRole('textbox', { name: 'Accent colour' }).fill('#0b5394');
  await expect(section).toContainText('white (whiteOverAccent) on accentColour: 7.');
  await section.getByRole('button', { name: 'Save colours' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Saved. Your customers see them from their next page.',
  );
  const logo = await request.put('/partners/brand/logo.png', {
    headers: { authorization: `Bearer ${inst.token}` },
    data: { contentType: 'image/png', data: PNG },
  });
  expect(logo.ok(), await logo.text()).toBe(true);

  // The customer's app: the installer's accent on the page, its logo in the navigation.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, customer, '/account');
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      ),
    )
    .toBe('#0b5394');
  await expect(page.getByTestId('brand-logo').first()).toHaveAttribute(
    'src',
    /\/installers\/[a-z0-9-]+\/logo\.png\?v=/,
  );
});
