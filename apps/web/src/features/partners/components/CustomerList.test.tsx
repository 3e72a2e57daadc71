import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { CustomerList } from './CustomerList.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const customer = (uid: string, company: string, region: string) => ({
  uid,
  email: `${uid}@example.com`,
  company,
  installerId: 'acme-x7k2ab',
  createdAt: 1,
  accepted: true,
  cameras: 2,
  region,
});

describe('the portal’s customers across regions (decision 0618)', () => {
  it('links this region’s customers, names another region’s, and says which region did not answer', () => {
    render(
      <MemoryRouter>
        <CustomerList
          list={{
            region: 'eu',
            customers: [customer('c1', 'Bakery', 'eu'), customer('c2', 'Garage', 'us')],
            unavailable: ['ap'],
          }}
          linkOf={(uid) => `/customers/${uid}`}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Bakery' }).getAttribute('href')).toBe('/customers/c1');
    expect(screen.queryByRole('link', { name: /Garage/ })).toBeNull();
    expect(screen.getByText('(region us: open it in that region’s portal)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Customers in ap could not be listed just now; try again in a moment.',
    );
  });
});
