import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInTests } from '../../../shared/session/testing.ts';
import { SupportAccountPage } from './SupportAccountPage.tsx';

signedInTests('sup');

const account = {
  uid: 'c9',
  email: 'owner@bakery.test',
  accountType: 'u',
  installerId: 'acme-x7k2ab',
  createdAt: 1_700_000_000_000,
  accepted: false,
  partner: null,
  customerOf: 'acme-x7k2ab',
  cameras: 3,
};

describe('support’s page of an account kept in another region (decision 0858)', () => {
  it('reads it, its sessions and logs through that region, names the region, and leaves its tools to that region', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://vigil.test').pathname;
        asked.push(path);
        if (path === '/regions/list') return Response.json({ region: 'eu', regions: ['eu', 'us'] });
        if (path === '/regions/support/accounts/us/c9') return Response.json({ ...account, region: 'us' });
        // Its sessions and logs, read through that region too (decision 0883).
        if (path === '/regions/support/accounts/us/c9/sessions')
          return Response.json({
            sessions: [
              {
                seriesId: 's1',
                current: false,
                createdAt: 1_700_000_000_000,
                lastUsedAt: 1_700_000_100_000,
                device: 'Pixel 8',
                clientIp: '203.0.113.9',
                userAgent: null,
              },
            ],
          });
        if (path === '/regions/support/accounts/us/c9/error-reports')
          return Response.json({
            reports: [
              {
                id: 'r1',
                createdAt: 1_700_000_000_000,
                identifier: 'cameras',
                href: 'https://us.vigil.test/cameras',
                message: 'boom in us',
                userAgent: null,
              },
            ],
            next: null,
          });
        if (path === '/regions/support/accounts/us/c9/usage-logs')
          return Response.json({ logs: [], next: null });
        return Response.json({ error: 'not here', code: 'not_found' }, { status: 404 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/support/c9?region=us']}>
          <Routes>
            <Route path="/support/:uid" element={<SupportAccountPage routeId="supportAccount" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('heading', { name: 'owner@bakery.test' })).tagName).toBe('H2');
    const terms = screen
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(terms.slice(0, 2)).toEqual(['Region: us', 'Type: Customer']);
    expect(
      screen.getByText(
        'This account is kept in region us: read through that region, with its sessions and logs. Its tools, and ending a session, are on region us’s support screens.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a password reset' })).toBeNull();
    // Its sessions and logs are shown, read only: no button ends a session of another region.
    expect(await screen.findByText('Pixel 8')).toBeTruthy();
    expect(await screen.findByText('boom in us')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /End/ })).toBeNull();
    expect(asked.filter((p) => p.startsWith('/support/'))).toEqual([]);
  });
});
