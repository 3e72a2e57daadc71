import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Brand, MAIN_BRAND } from '../../../shared/config/brand.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { ShellProvider } from '../../../shared/routing/shell.tsx';
import { SessionActionsProvider } from '../../../shared/session/actions.tsx';
import { SignInPage } from './SignInPage.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function renderFor(brand: Brand) {
  const router = createMemoryRouter([{ path: '/sign-in', element: <SignInPage /> }], {
    initialEntries: ['/sign-in'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ShellProvider value={{ brand, demo: false, app: false }}>
        <SessionActionsProvider
          value={{ signedIn: () => {}, signOut: async () => {}, refreshAccount: async () => {} }}
        >
          <RouterProvider router={router} />
        </SessionActionsProvider>
      </ShellProvider>
    </QueryClientProvider>,
  );
}

describe('SignInPage', () => {
  it('offers single sign-on only where the brand allows, and registration only for brands that register', () => {
    renderFor(MAIN_BRAND);
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
    cleanup();
    renderFor({ ...MAIN_BRAND, name: 'Partner', ssoProviders: ['google', 'microsoft'], canRegister: false });
    expect(screen.getByRole('link', { name: 'Continue with google' }).getAttribute('href')).toBe(
      '/sso/google/start',
    );
    expect(screen.getByRole('link', { name: 'Continue with microsoft' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in to Partner' })).toBeTruthy();
    cleanup();
    // The brand's labels (SSO_PROVIDERS' names) name the buttons; the link still uses the id.
    renderFor({
      ...MAIN_BRAND,
      ssoProviders: ['google', 'corp'],
      ssoProviderNames: { google: 'Google', corp: 'Acme Login' },
    });
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      '/sso/google/start',
    );
    expect(screen.getByRole('link', { name: 'Continue with Acme Login' }).getAttribute('href')).toBe(
      '/sso/corp/start',
    );
  });
});
