import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_PORT, E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from '../env.ts';
import { expect, test } from '../fixtures.ts';

/**
 * White-label per host (decision 0820): two brands served by the one server on loopback, told apart only by the
 * host name. The main brand answers on 127.0.0.1 (a host no brand names); a full white-label partner brand on
 * harbour.localhost, which Chromium resolves to 127.0.0.1 too, so the server sees that Host.
 */
const HARBOUR_HOST = 'harbour.localhost';
/** A 1×1 PNG: Harbour's uploaded logo. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const harbour = {
  id: 'harbour',
  name: 'Harbour',
  hosts: [HARBOUR_HOST],
  canRegister: false,
  canSellHardware: false,
  ssoProviders: [],
  fullWhiteLabel: true,
  hidePortalLink: true,
  namedPartner: false,
  takeawayVendor: false,
  analytics: true,
  analyticsInDemo: false,
  theme: {
    title: 'Harbour Watch',
    accentColour: '#0b5394',
    buttonColour: '#0b5394',
    buttonTextColour: '#ffffff',
    navColour: '#0b2540',
    navTextColour: '#ffffff',
    navFadedTextColour: '#c8d3e0',
  },
  returnLink: 'https://harbour.example/',
  termsMarkdown: '# Harbour terms\n\nUse **Harbour** kindly. See the [privacy policy](/privacy-policy).',
  privacyMarkdown: '# Harbour privacy\n\n- We keep little.\n- We sell nothing.',
};

interface HostCase {
  host: string;
  brand: string;
  title: string;
  /** The themed button's background (computed style). */
  button: string;
  /** The --color-accent the server's page sets before any script runs ('' : the stylesheet's default). */
  accentBeforeScript: string;
  /** Path → what it shows: the heading of its screen, or 'not found'. */
  routes: Record<string, string>;
  termsLink: string;
  privacyLink: string;
  /** The terms page's heading and a sentence of it. */
  terms: { path: string; heading: string; text: string };
  logo: 'mark' | 'upload';
}

const CASES: HostCase[] = [
  {
    host: '127.0.0.1',
    brand: 'Vigil',
    title: 'Vigil',
    button: 'rgb(227, 39, 71)',
    accentBeforeScript: '#e32747',
    routes: {
      '/register': 'Create your account',
      '/terms-of-service': 'not found',
      '/privacy-policy': 'not found',
      '/privacy': 'Privacy policy',
      // Private routes the brand has: a signed-out visitor is sent to sign in.
      '/cloud-adapters': 'Sign in to Vigil',
      '/backup': 'Sign in to Vigil',
      '/support': 'Sign in to Vigil',
    },
    termsLink: '/terms',
    privacyLink: '/privacy',
    terms: { path: '/terms', heading: 'Terms of service', text: 'These terms govern your use of Vigil' },
    logo: 'mark',
  },
  {
    host: HARBOUR_HOST,
    brand: 'Harbour',
    title: 'Harbour Watch',
    button: 'rgb(11, 83, 148)',
    accentBeforeScript: '#0b5394',
    routes: {
      '/register': 'not found',
      '/get-started': 'not found',
      '/terms-of-service': 'Harbour terms',
      '/privacy-policy': 'Harbour privacy',
      // Routes of brands that sell hardware, and of the main brand only.
      '/cloud-adapters': 'not found',
      '/backup': 'not found',
      '/support': 'not found',
      '/health': 'not found',
    },
    termsLink: '/terms-of-service',
    privacyLink: '/privacy-policy',
    terms: { path: '/terms-of-service', heading: 'Harbour terms', text: 'Use Harbour kindly.' },
    logo: 'upload',
  },
];

const origin = (host: string) => `http://${host}:${E2E_PORT}`;

async function supportToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/login', {
    data: { email: E2E_SUPPORT_EMAIL, password: E2E_SUPPORT_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { authToken: string }).authToken;
}

/**
 * A browser that sends harbour.localhost to the IPv4 loopback the server listens on. A *.localhost name is a
 * secure context over plain HTTP, as 127.0.0.1 is (the app needs one: Web Crypto), as HTTPS would be in production.
 */
const launchWithHosts = (browser: Browser) =>
  browser.browserType().launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HARBOUR_HOST} 127.0.0.1`],
  });

async function heading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

test.describe('white-label per host (decision 0820)', () => {
  let hostsBrowser: Browser;

  test.beforeAll(async ({ browser, request }) => {
    const token = await supportToken(request);
    const headers = { authorization: `Bearer ${token}` };
    let res = await request.post('/support/brands', { headers, data: harbour });
    if (res.status() === 409) {
      const { id: _, ...body } = harbour;
      res = await request.put('/support/brands/harbour', { headers, data: body });
    }
    expect(res.ok(), await res.text()).toBe(true);
    const logo = await request.put('/support/brands/harbour/assets/logo.png', {
      headers,
      data: { contentType: 'image/png', data: PNG },
    });
    expect(logo.ok(), await logo.text()).toBe(true);
    hostsBrowser = await launchWithHosts(browser);
  });
  test.afterAll(() => hostsBrowser?.close());

  for (const c of CASES) {
    test(`${c.host} is ${c.brand}: routes, logo, colours, footer and terms`, async () => {
      test.setTimeout(60_000);
      const context = await hostsBrowser.newContext({ baseURL: origin(c.host) });
      const page = await context.newPage();

      // Routes that follow the brand's flags (spec 000 §2).
      for (const [path, shows] of Object.entries(c.routes)) {
        await page.goto(path);
        if (shows === 'not found') await heading(page, 'Page not found');
        else await expect(page.getByRole('heading', { level: 1, name: shows })).toBeVisible();
      }

      // The terms document, the footer's name and its legal links.
      await page.goto(c.terms.path);
      await heading(page, c.terms.heading);
      await expect(page.getByTestId('legal-document')).toContainText(c.terms.text);
      const footer = page.locator('footer');
      await expect(footer).toContainText(`© ${c.brand}`);
      await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', c.termsLink);
      await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', c.privacyLink);

      // Colours: the header's Sign in button is a themed element.
      const signIn = page
        .locator('header')
        .getByRole('link', { name: 'Sign in' })
        .or(page.locator('header').getByRole('button', { name: 'Sign in' }));
      await expect(signIn.first()).toHaveCSS('background-color', c.button);

      // The logo: the product's mark in the accent colour, or the brand's upload.
      await page.goto('/sign-in');
      const logo = page.getByTestId('brand-logo').first();
      if (c.logo === 'upload')
        await expect(logo).toHaveAttribute('src', /^\/brands\/harbour\/logo\.png\?v=[0-9a-f]{12}$/);
      else await expect(logo).toContainText(c.brand);
      await context.close();
    });

    test(`${c.host}: the page is ${c.brand}'s before any script runs`, async () => {
      const context = await hostsBrowser.newContext({ baseURL: origin(c.host), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/sign-in');
      await expect(page).toHaveTitle(c.title);
      const accent = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      );
      expect(accent).toBe(c.accentBeforeScript);
      const brandId = await page.evaluate(
        () => (JSON.parse(document.getElementById('vigil-brand')?.textContent ?? '{}') as { id?: string }).id,
      );
      expect(brandId).toBe(c.brand.toLowerCase());
      await context.close();
    });
  }

  test("the demo on a brand's host: its logo and colours in the app layout, Exit goes to its return link", async () => {
    const context = await hostsBrowser.newContext({ baseURL: origin(HARBOUR_HOST) });
    const page = await context.newPage();
    await page.route('https://harbour.example/**', (r) =>
      r.fulfill({ body: 'Harbour home', contentType: 'text/plain' }),
    );
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Try the demo' }).click();
    await expect(page).toHaveURL(/\/demo\/cameras$/);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveCSS('background-color', 'rgb(11, 37, 64)');
    await expect(sidebar.getByTestId('brand-logo')).toHaveAttribute(
      'src',
      /^\/brands\/harbour\/logo\.png\?v=/,
    );
    await sidebar.getByRole('button', { name: 'Exit' }).click();
    await expect(page).toHaveURL('https://harbour.example/');
    await context.close();
  });
});
