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

describe('the portal’s customers across regions (decisions 0618, 0620)', () => {
  const list = {
    region: 'eu',
    customers: [customer('c1', 'Bakery', 'eu'), customer('c2', 'Garage', 'us')],
    unavailable: ['ap'],
  };

  it('links every customer to its page, another region’s with its region; says which region did not answer', () => {
    render(
      <MemoryRouter>
        <CustomerList
          list={list}
          linkOf={(uid, region) => `/customers/${uid}${region ? `?region=${region}` : ''}`}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Bakery' }).getAttribute('href')).toBe('/customers/c1');
    expect(screen.getByRole('link', { name: 'Garage' }).getAttribute('href')).toBe('/customers/c2?region=us');
    expect(screen.getByText('(region us)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Customers in ap could not be listed just now; try again in a moment.',
    );
  });

  it('names another region’s customer without a link where its page is not here (support’s account page)', () => {
    render(
      <MemoryRouter>
        <CustomerList list={list} linkOf={(uid, region) => (region ? undefined : `/support/users/${uid}`)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Bakery' }).getAttribute('href')).toBe('/support/users/c1');
    expect(screen.queryByRole('link', { name: /Garage/ })).toBeNull();
    expect(screen.getByText('(region us: open it in that region’s portal)')).toBeTruthy();
  });

  it('names every customer’s region, this region’s too, in a deployment of several (decision 0858)', () => {
    render(
      <MemoryRouter>
        <CustomerList list={{ ...list, unavailable: [] }} linkOf={(uid) => `/customers/${uid}`} showRegions />
      </MemoryRouter>,
    );
    // Each row's name part: company, region, then the owner's e-mail.
    const rows = screen.getAllByRole('listitem').map((li) => li.querySelector('div')?.textContent);
    expect(rows).toEqual(['Bakery (region eu)c1@example.com', 'Garage (region us)c2@example.com']);
  });
});
