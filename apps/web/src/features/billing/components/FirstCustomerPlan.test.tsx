import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInTests } from '../../../shared/session/testing.ts';
import { CustomerPlanSection } from './CustomerPlanSection.tsx';

signedInTests('inst');

/** The customer's list as its installer is answered it: 2.37 GBP a camera, 20 % VAT. */
const LIST = {
  id: 'cust',
  plans: [
    {
      resolution: '2MP',
      mode: 'rom',
      storageDays: 30,
      interval: 'monthly',
      tiers: [{ camLowerLimit: 1, fee: 2.37 }],
    },
  ],
  addons: [],
  taxRate: 20,
  currency: { code: 'GBP', symbol: '£' },
  discountRegion: null,
};

describe('a customer without a plan, on its installer’s page (decision 0873)', () => {
  it('chooses the first plan at the customer’s prices and says the customer is invoiced', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const u = new URL(url, 'http://vigil.test');
        const body = typeof init?.body === 'string' ? init.body : '';
        asked.push(`${init?.method ?? 'GET'} ${u.pathname}${u.search} ${body}`.trim());
        if (u.pathname === '/account/c9/subscription') return Response.json({ subscription: null });
        if (u.pathname === '/pricing') return Response.json(LIST);
        if (u.pathname === '/account/c9/subscription/first') {
          const { plan } = JSON.parse(body);
          const price = {
            currency: { code: 'GBP', symbol: '£' },
            lines: [{ item: 'plan', quantity: 1, unitFee: 2.37, amount: 2.37 }],
            subtotal: 2.37,
            taxRate: 20,
            tax: 0.47,
            total: 2.84,
            renewalFrequency: 1,
          };
          return Response.json({
            invoice: {
              id: 'inv1',
              uid: 'c9',
              plan,
              price,
              status: 'open',
              provider: 'test',
              kind: 'subscription',
              createdAt: 1,
              paidAt: null,
              number: 7,
              cardLast4: null,
            },
          });
        }
        return Response.json({ error: 'not here', code: 'not_found' }, { status: 404 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CustomerPlanSection customerUid="c9" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        'This customer has no plan yet. Choose their first plan here: they are invoiced, and the plan starts once they pay it from their own plan page.',
      ),
    ).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Choose the first plan' });
    expect(form.querySelector('[data-testid="price-total"]')?.textContent).toMatch(/^£2\.84/);
    fireEvent.click(screen.getByRole('button', { name: 'Invoice the customer for this plan' }));
    expect((await screen.findByText(/is invoiced to the customer/)).textContent).toBe(
      '£2.84 for 1 camera · 2MP · Record on motion · 30 days · Monthly is invoiced to the customer. The plan starts once they pay it from their plan page.',
    );
    // The list of the customer's prices in the requester's currency (no currency named), then the one request.
    expect(asked[1]).toBe('GET /pricing?forUid=c9');
    expect(asked.filter((a) => a.startsWith('POST'))).toEqual([
      'POST /account/c9/subscription/first {"plan":{"resolution":"2MP","mode":"rom","storageDays":30,"interval":"monthly","cameras":1,"addons":[]},"currency":"GBP"}',
    ]);
  });
});
