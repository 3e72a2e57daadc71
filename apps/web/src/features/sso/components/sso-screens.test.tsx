import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Brand, MAIN_BRAND } from '../../../shared/config/brand.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { ShellProvider } from '../../../shared/routing/shell.tsx';
import { SessionActionsProvider } from '../../../shared/session/actions.tsx';
import { savePending } from '../pending.ts';
import { SsoConvertEndPage } from './SsoConvertEndPage.tsx';
import { SsoEndPage } from './SsoEndPage.tsx';
import { SsoLinkSection } from './SsoLinkSection.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderAt(path: string, pattern: string, element: React.ReactNode, brand: Brand = MAIN_BRAND) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  render(
    <ShellProvider value={{ brand, demo: false, app: false }}>
      <SessionActionsProvider
        value={{ signedIn: () => {}, signOut: async () => {}, refreshAccount: async () => {} }}
      >
        <RouterProvider router={router} />
      </SessionActionsProvider>
    </ShellProvider>,
  );
}

describe('single sign-on screens', () => {
  it('refuses an answer this tab did not ask for: none pending, or pending for another provider or purpose', () => {
    renderAt('/sso/google/end?code=c&state=s', '/sso/:provider/end', <SsoEndPage route="sso" />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in was not started in this browser tab, or was already used. Start again.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/sign-in');
    cleanup();
    savePending({ provider: 'microsoft', purpose: 'signin', binding: 'b' });
    renderAt('/sso/google/end?code=c&state=s', '/sso/:provider/end', <SsoEndPage route="sso" />);
    expect(screen.getByRole('alert').textContent).toMatch(/^This sign-in was not started/);
    cleanup();
    savePending({ provider: 'google', purpose: 'signin', binding: 'b' });
    renderAt('/sso/google/convert/end?code=c', '/sso/:provider/convert/end', <SsoConvertEndPage />);
    expect(screen.getByRole('alert').textContent).toMatch(/^This sign-in was not started/);
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
  });

  it('offers a Link button per provider of the brand on /account, and nothing without providers', () => {
    renderAt('/account', '/account', <SsoLinkSection />);
    expect(screen.queryByRole('heading', { name: 'Single sign-on' })).toBeNull();
    cleanup();
    renderAt('/account', '/account', <SsoLinkSection />, { ...MAIN_BRAND, ssoProviders: ['google', 'corp'] });
    expect(screen.getByRole('heading', { name: 'Single sign-on' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link google' }).getAttribute('href')).toBe(
      '/sso/google/start?convert=1',
    );
    expect(screen.getByRole('link', { name: 'Link corp' }).getAttribute('href')).toBe(
      '/sso/corp/start?convert=1',
    );
  });
});
