import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';

const dist = mkdtempSync(join(tmpdir(), 'vigil-brand-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><meta name="theme-color" content="#E32747" /><title>Vigil</title></head><body></body></html>',
);

/** A brand as support creates it: every flag written out. */
const acme = {
  id: 'acme',
  name: 'Acme <Cams>',
  hosts: ['cams.acme.test', 'ACME.test'],
  canRegister: false,
  canSellHardware: false,
  ssoProviders: ['google'],
  fullWhiteLabel: true,
  hidePortalLink: true,
  namedPartner: false,
  takeawayVendor: true,
  analytics: false,
  analyticsInDemo: false,
  returnLink: 'https://acme.test/',
  theme: {
    accentColour: '#0b5394',
    navColour: '#102030',
    navTextColour: '#ffffff',
    navFadedTextColour: '#c0c8d0',
    title: 'Acme Watch',
  },
  termsMarkdown: '# Acme terms\n\nBe nice.',
};

const page = (host: string) => ({
  method: 'GET' as const,
  url: '/sign-in',
  headers: { host, 'sec-fetch-mode': 'navigate', accept: 'text/html' },
});

describeEachDb(
  'brands (decision 0820)',
  (ctx) => {
    let support: SignedIn;
    beforeAll(async () => {
      support = await signedInUser(ctx(), 's');
      const made = await ctx().call({
        method: 'POST',
        url: '/support/brands',
        token: support.token,
        payload: acme,
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
    });

    it('resolves a brand per host (several hosts, case and port ignored); an unknown host gets the main brand', async () => {
      const t = ctx();
      const ofHost = async (host: string) =>
        (await t.call({ method: 'GET', url: '/brand', headers: { host } })).json;
      expect(await ofHost('cams.acme.test')).toMatchObject({
        id: 'acme',
        name: 'Acme <Cams>',
        mainBrand: false,
        canRegister: false,
        ssoProviders: ['google'],
        // The button's label is the provider's (kind google: "Google"), decision 0826.
        ssoProviderNames: { google: 'Google' },
        fullWhiteLabel: true,
        takeawayVendor: true,
        theme: { accentColour: '#0b5394' },
      });
      expect((await ofHost('acme.test:8080')).id).toBe('acme');
      expect(await ofHost('127.0.0.9')).toMatchObject({ id: 'vigil', mainBrand: true, canRegister: true });
      expect(await t.app.services.brands.brandForHost('CAMS.ACME.TEST.')).toMatchObject({ id: 'acme' });
      expect(await t.app.services.brands.brandForHost(undefined)).toMatchObject({ id: 'vigil' });
    });

    it('refuses registration on a host whose brand does not register users, not on the main brand (decision 0824)', async () => {
      const t = ctx();
      const register = (host: string, email: string) =>
        t.call({
          method: 'POST',
          url: '/account/register',
          headers: { host },
          payload: { email, password: 'a long enough passphrase', subscriberType: 'enduser' },
        });
      const closed = await register('cams.acme.test', 'closed@example.test');
      expect(closed.status).toBe(403);
      expect(closed.json).toMatchObject({ code: 'registration_closed' });
      expect((await register('127.0.0.9', 'open@example.test')).status).toBe(200);
    });

    it("puts the host's brand into the web app's page before first paint", async () => {
      const t = ctx();
      const acmePage = (await t.app.inject(page('cams.acme.test'))).body;
      expect(acmePage).toContain('<title>Acme Watch</title>');
      expect(acmePage).toContain('<meta name="theme-color" content="#0b5394"');
      expect(acmePage).toContain(
        '<style id="vigil-brand-css">:root{--color-accent:#0b5394;--color-nav:#102030;--color-nav-text:#ffffff;--color-nav-faded:#c0c8d0}</style>',
      );
      expect(acmePage).toContain('<link rel="icon" href="/brands/acme/favicon?v=0b5394" />');
      // The name's "<" cannot close the data block.
      expect(acmePage).toContain('"name":"Acme \\u003cCams>"');
      const json = /<script id="vigil-brand" type="application\/json">([^<]*)<\/script>/.exec(acmePage)?.[1];
      expect(JSON.parse(json ?? '{}')).toMatchObject({
        id: 'acme',
        canRegister: false,
        hidePortalLink: true,
      });
      const mainPage = (await t.app.inject(page('127.0.0.1'))).body;
      expect(mainPage).toContain('<title>Vigil</title>');
      expect(mainPage).not.toContain('vigil-brand-css');
      expect(mainPage).toContain('"id":"vigil"');
    });

    it('keeps a footer of a visit link and up to 8 messages, and refuses a ninth (decision 0827)', async () => {
      const t = ctx();
      const messages = ['Cameras from £49', 'Free installation this month'];
      const footer = { visitUrl: 'https://quay.test/shop', messages };
      const body = { ...acme, id: 'quay', name: 'Quay', hosts: ['quay.test'], footer };
      const made = await t.call({
        method: 'POST',
        url: '/support/brands',
        token: support.token,
        payload: body,
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const brand = await t.call({ method: 'GET', url: '/brand', headers: { host: 'quay.test' } });
      expect(brand.json.footer).toEqual({ visitUrl: 'https://quay.test/shop', messages });
      // A brand without one has none (acme was made without a footer).
      const plain = await t.call({ method: 'GET', url: '/brand', headers: { host: 'cams.acme.test' } });
      expect(plain.json.footer).toBeUndefined();
      const nine = Array.from({ length: 9 }, (_, i) => `Message ${i + 1}`);
      const tooMany = await t.call({
        method: 'PUT',
        url: '/support/brands/quay',
        token: support.token,
        payload: { ...body, id: undefined, footer: { messages: nine } },
      });
      expect(tooMany.status).toBe(400);
      const still = await t.call({ method: 'GET', url: '/brand', headers: { host: 'quay.test' } });
      expect(still.json.footer.messages).toEqual(messages);
    });

    it('refuses colours under the contrast rule, naming the pair and its ratio', async () => {
      const t = ctx();
      const res = await t.call({
        method: 'PUT',
        url: '/support/brands/acme',
        token: support.token,
        payload: { ...acme, theme: { buttonColour: '#ffffff', buttonTextColour: '#777777' } },
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'contrast_too_low',
        error:
          'buttonTextColour on buttonColour: #777777 on #ffffff has a contrast ratio of 4.48, below the 4.5 required',
      });
      const ok = await t.call({
        method: 'PUT',
        url: '/support/brands/acme',
        token: support.token,
        payload: { ...acme, theme: { ...acme.theme, buttonColour: '#ffffff', buttonTextColour: '#767676' } },
      });
      expect(ok.status).toBe(200);
      expect(ok.json.theme.buttonTextColour).toBe('#767676');
    });

    it('refuses a host another brand answers on, and non-support callers', async () => {
      const t = ctx();
      const res = await t.call({
        method: 'POST',
        url: '/support/brands',
        token: support.token,
        payload: { ...acme, id: 'other', hosts: ['acme.test'] },
      });
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('brand_host_taken');
      const user = await signedInUser(t, 'u');
      expect((await t.call({ method: 'GET', url: '/support/brands', token: user.token })).status).toBe(403);
    });

    it('serves colours.json, logo.png and favicon per brand, cacheable with ETags', async () => {
      const t = ctx();
      const colours = await t.call({ method: 'GET', url: '/brands/acme/colours.json' });
      expect(colours.status).toBe(200);
      expect(colours.json).toMatchObject({
        accentColour: '#0b5394',
        logo: '/brands/acme/logo.png',
        favicon: '/brands/acme/favicon',
        returnLink: 'https://acme.test/',
      });
      expect(colours.headers['cache-control']).toBe('public, max-age=300');
      const again = await t.call({
        method: 'GET',
        url: '/brands/acme/colours.json',
        headers: { 'if-none-match': String(colours.headers.etag) },
      });
      expect(again.status).toBe(304);
      const logo = await t.app.inject({ method: 'GET', url: '/brands/acme/logo.png?v=1' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(logo.rawPayload.readUInt32BE(16)).toBe(128);
      const favicon = await t.app.inject({ method: 'GET', url: '/brands/acme/favicon' });
      expect(favicon.rawPayload.readUInt32BE(16)).toBe(64);
      expect((await t.call({ method: 'GET', url: '/brands/nobody/colours.json' })).status).toBe(404);
    });

    it("serves each brand's documents, the main brand's from the plain template", async () => {
      const t = ctx();
      const own = await t.call({
        method: 'GET',
        url: '/brand/documents/terms',
        headers: { host: 'acme.test' },
      });
      expect(own.json).toEqual({ brand: 'Acme <Cams>', kind: 'terms', markdown: '# Acme terms\n\nBe nice.' });
      const template = await t.call({
        method: 'GET',
        url: '/brand/documents/privacy',
        headers: { host: 'acme.test' },
      });
      expect(template.json.markdown.split('\n')[0]).toBe('# Privacy policy');
      expect(template.json.markdown).toContain(
        'This policy says what **Acme <Cams>** keeps about you and why.',
      );
      const main = await t.call({
        method: 'GET',
        url: '/brand/documents/terms',
        headers: { host: 'localhost' },
      });
      expect(main.json.markdown).toContain('These terms govern your use of **Vigil**');
    });

    it("brands the e-mails a request on a brand's host sends: its name, links to its own host", async () => {
      const t = ctx();
      const who = await t.createUser();
      const bodies = async () =>
        (
          await t.db.db.selectFrom('outbox').select('body_text').where('to_address', '=', who.email).execute()
        ).map((r) => r.body_text);
      const reset = (host: string) =>
        t.call({
          method: 'GET',
          url: `/lostpassword?email=${encodeURIComponent(who.email)}`,
          headers: { host },
        });
      // The e-mail is written after the answer (password-reset-service.ts): wait for it.
      expect((await reset('cams.acme.test')).status).toBe(200);
      await vi.waitFor(async () =>
        expect((await bodies()).join()).toContain('\nhttp://cams.acme.test/reset-password?uid='),
      );
      // An unknown host (a forged Host header) gets the configured address, never its own.
      await reset('evil.test');
      await vi.waitFor(async () =>
        expect((await bodies()).join()).toContain(`\n${t.config.publicUrl}/reset-password?uid=`),
      );
      expect((await bodies()).join()).not.toContain('evil.test');
    });
  },
  {
    WEB_DIST: dist,
    // A brand offers only providers the server is configured with (decision 0830).
    SSO_PROVIDERS: JSON.stringify([{ id: 'google', kind: 'google', clientId: 'brand-test' }]),
  },
);
