import { describe, expect, it } from 'vitest';
import { draftOf, inputOf } from './brand-draft.ts';

describe("support's brand form (decision 0820)", () => {
  it('turns what was typed into the saved brand: lists split, empty fields left out', () => {
    const d = draftOf();
    const typed = {
      ...d,
      name: ' Quay ',
      hosts: 'quay.test\n cams.quay.test ,www.quay.test',
      ssoProviders: 'google, microsoft,',
      returnLink: ' ',
      termsUrl: 'https://quay.test/terms',
      title: 'Quay Watch',
      colours: { ...d.colours, accentColour: '#0b5394', navColour: ' ' },
      gradients: '#ffffff, #eef3f8',
      termsMarkdown: '# Terms',
      visitUrl: 'https://quay.test/shop',
      footerMessages: 'Cameras from £49\n\n  Free installation this month ',
    };
    expect(inputOf(typed)).toEqual({
      name: 'Quay',
      hosts: ['quay.test', 'cams.quay.test', 'www.quay.test'],
      canRegister: true,
      canSellHardware: false,
      fullWhiteLabel: false,
      hidePortalLink: false,
      namedPartner: false,
      takeawayVendor: false,
      analytics: true,
      analyticsInDemo: false,
      ssoProviders: ['google', 'microsoft'],
      returnLink: undefined,
      productUpdatesUrl: undefined,
      termsUrl: 'https://quay.test/terms',
      privacyUrl: undefined,
      theme: {
        whiteOverAccent: true,
        accentColour: '#0b5394',
        title: 'Quay Watch',
        gradients: ['#ffffff', '#eef3f8'],
      },
      termsMarkdown: '# Terms',
      privacyMarkdown: undefined,
      footer: {
        visitUrl: 'https://quay.test/shop',
        visitLabel: undefined,
        messages: ['Cameras from £49', 'Free installation this month'],
      },
    });
  });
});
