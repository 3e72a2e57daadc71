import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInTests } from '../../../shared/session/testing.ts';
import { NewCustomerPage } from './NewCustomerPage.tsx';
import { RegionPicker } from './RegionPicker.tsx';

signedInTests('inst');

const made = (uid: string, region?: string) => ({
  uid,
  email: 'owner@bakery.test',
  company: 'Bakery',
  installerId: 'acme-x7k2ab',
  createdAt: 1,
  accepted: false,
  cameras: 0,
  ...(region ? { region } : {}),
});

/** The server's answers: the regions, and each create's method, path and body as sent. */
function server(regions: string[], create: () => Response) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://vigil.test').pathname;
    if (path === '/regions/list') return Response.json({ region: regions[0], regions });
    calls.push(`${init?.method} ${path} ${init?.body as string}`);
    return create();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Landed() {
  const l = useLocation();
  return <p data-testid="landed">{`${l.pathname}${l.search}`}</p>;
}

const page = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/customers/new']}>
        <Routes>
          <Route path="/customers/new" element={<NewCustomerPage />} />
          <Route path="/customers/:uid" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const fill = () => {
  fireEvent.change(screen.getByLabelText(/Company/), { target: { value: 'Bakery' } });
  fireEvent.change(screen.getByLabelText(/Owner’s e-mail/), { target: { value: 'owner@bakery.test' } });
};
const body = '{"company":"Bakery","email":"owner@bakery.test"}';

describe('the new customer’s home region (decision 0858)', () => {
  it('offers every region, the installer’s own first and chosen; one region: no picker', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RegionPicker regions={{ region: 'eu', regions: ['eu', 'ap', 'us'] }} value="eu" onChange={onChange} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Customer’s home region' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => `${o.value}=${o.textContent}`)).toEqual([
      'eu=eu (yours)',
      'ap=ap',
      'us=us',
    ]);
    expect(picker.value).toBe('eu');
    expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Their account, cameras and recordings are kept in this region.')).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'us' } });
    expect(onChange).toHaveBeenCalledWith('us');
    rerender(
      <RegionPicker regions={{ region: 'local', regions: ['local'] }} value="local" onChange={onChange} />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('creates in the picked region through that region, then opens the customer there', async () => {
    const calls = server(['eu', 'us'], () => Response.json(made('c9', 'us')));
    page();
    const picker = (await screen.findByRole('combobox', {
      name: 'Customer’s home region',
    })) as HTMLSelectElement;
    expect(picker.value).toBe('eu');
    fill();
    fireEvent.change(picker, { target: { value: 'us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/customers/c9?region=us');
    expect(calls).toEqual([`POST /regions/customers/us ${body}`]);
  });

  it('by default creates in the installer’s own region, as the portal always did', async () => {
    const calls = server(['eu', 'us'], () => Response.json(made('c1')));
    page();
    await screen.findByRole('combobox', { name: 'Customer’s home region' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/customers/c1');
    expect(calls).toEqual([`POST /partners/customers ${body}`]);
  });

  it('says so when the picked region does not answer, and stays on the form with what was typed', async () => {
    const refusal = 'Region us does not answer just now; no account was made. Try again in a moment';
    server(['eu', 'us'], () =>
      Response.json({ error: refusal, code: 'region_unavailable' }, { status: 503 }),
    );
    page();
    const picker = await screen.findByRole('combobox', { name: 'Customer’s home region' });
    fill();
    fireEvent.change(picker, { target: { value: 'us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.queryByTestId('landed')).toBeNull();
    expect((screen.getByLabelText(/Company/) as HTMLInputElement).value).toBe('Bakery');
    expect((picker as HTMLSelectElement).value).toBe('us');
  });
});
