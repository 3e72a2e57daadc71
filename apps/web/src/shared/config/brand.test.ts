import { describe, expect, it } from 'vitest';
import { injectedBrand, MAIN_BRAND } from './brand.ts';

const page = (text: string | undefined) => ({
  getElementById: (id: string) =>
    id === 'vigil-brand' && text !== undefined ? ({ textContent: text } as HTMLElement) : null,
});

describe('the brand the server put into the page (decision 0820)', () => {
  it('reads the data block; fields the server left out are unset, not the main brand’s', () => {
    const b = injectedBrand(
      page(
        '{"id":"acme","name":"Acme","mainBrand":false,"canRegister":false,"ssoProviders":["google"],"takeawayVendor":true}',
      ),
    );
    expect(b).toMatchObject({
      id: 'acme',
      name: 'Acme',
      mainBrand: false,
      canRegister: false,
      takeawayVendor: true,
    });
    expect(b.ssoProviders).toEqual(['google']);
    expect(b.productUpdatesUrl).toBeUndefined();
    expect(b.returnLink).toBeUndefined();
  });

  it('is the main brand without a data block or with a broken one', () => {
    expect(injectedBrand(undefined)).toBe(MAIN_BRAND);
    expect(injectedBrand(page(undefined))).toBe(MAIN_BRAND);
    expect(injectedBrand(page('{not json'))).toBe(MAIN_BRAND);
  });
});
