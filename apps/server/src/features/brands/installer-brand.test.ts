import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { acceptInvitation, newcomer } from '../partners/testing.ts';
import { TINY_PNG } from './testing.ts';

/** Installers' own logo and colours for their customers (spec 001 §3, §7; decision 0820). */
describeEachDb('installer branding', (ctx) => {
  let inst: SignedIn & { id: string };

  beforeAll(async () => {
    const t = ctx();
    const support = await signedInUser(t, 's');
    const d = newcomer('Dist');
    await t.call({ method: 'POST', url: '/partners/distributors', token: support.token, payload: d });
    const dist = await acceptInvitation(t, d.email, 'correct horse dist staple');
    const i = newcomer('Inst');
    const made = await t.call({ method: 'POST', url: '/partners/installers', token: dist.token, payload: i });
    inst = { ...(await acceptInvitation(t, i.email, 'correct horse inst staple')), id: made.json.id };
  });

  it("puts an installer's colours and logo over the brand's in its colours.json and images", async () => {
    const t = ctx();
    const url = `/brands/vigil/installers/${inst.id}/colours.json`;
    // Nothing set yet: the brand's own.
    expect((await t.call({ method: 'GET', url })).json).toEqual({
      logo: '/brands/vigil/logo.png',
      favicon: '/brands/vigil/favicon',
    });
    const set = await t.call({
      method: 'PUT',
      url: '/partners/brand',
      token: inst.token,
      payload: { accentColour: '#0b5394', navColour: '#203040' },
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json).toEqual({
      installerId: inst.id,
      theme: { accentColour: '#0b5394', navColour: '#203040' },
    });
    const logo = await t.call({
      method: 'PUT',
      url: '/partners/brand/logo.png',
      token: inst.token,
      payload: { contentType: 'image/png', data: TINY_PNG },
    });
    expect(logo.json.logo).toMatch(
      new RegExp(`^/brands/vigil/installers/${inst.id}/logo\\.png\\?v=[0-9a-f]{12}$`),
    );
    const colours = (await t.call({ method: 'GET', url })).json;
    expect(colours).toMatchObject({
      accentColour: '#0b5394',
      navColour: '#203040',
      favicon: '/brands/vigil/favicon',
    });
    expect(colours.logo).toBe(logo.json.logo);
    const image = await t.app.inject({ method: 'GET', url: `/brands/vigil/installers/${inst.id}/logo.png` });
    expect(image.rawPayload.toString('base64')).toBe(TINY_PNG);
    // The brand alone keeps its own.
    expect(
      (await t.call({ method: 'GET', url: '/brands/vigil/colours.json' })).json.accentColour,
    ).toBeUndefined();
  });

  it("refuses an installer's colours that fail the contrast rule over the brand's", async () => {
    const res = await ctx().call({
      method: 'PUT',
      url: '/partners/brand',
      token: inst.token,
      payload: { navColour: '#ffffff' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'contrast_too_low',
      error:
        'navTextColour on navColour: #ffffff on #ffffff has a contrast ratio of 1.00, below the 4.5 required',
    });
  });
});
