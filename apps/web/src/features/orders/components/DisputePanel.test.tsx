import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { OrderDetail } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { DisputePanel } from './DisputePanel.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

const T = Date.UTC(2026, 10, 24, 12);
const order = (dispute: OrderDetail['dispute'], notes: OrderDetail['notes'] = []): OrderDetail => ({
  id: 'o1',
  orderId: 'POS-1',
  placedAt: T,
  totalMinor: 500,
  currency: 'GBP',
  items: [],
  channel: null,
  clip: null,
  dispute,
  notes,
  recorded: false,
});

function panel(o: OrderDetail) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DisputePanel order={o} uid="u1" />
    </QueryClientProvider>,
  );
  return screen.queryAllByRole('button').map((b) => b.textContent);
}

describe('DisputePanel (decision 0842)', () => {
  it('offers the moves of each state: open one; win or lose it; none once decided', () => {
    expect(panel(order(null))).toEqual(['Open a dispute']);
    expect(screen.getByText('No dispute on this order.')).toBeTruthy();
    cleanup();
    expect(panel(order({ status: 'open', reason: 'Cold food', openedAt: T }))).toEqual([
      'Mark won',
      'Mark lost',
    ]);
    expect(screen.getByText('Reason: Cold food')).toBeTruthy();
    cleanup();
    expect(panel(order({ status: 'lost', reason: 'Cold food', openedAt: T }))).toEqual([]);
    expect(screen.getByText('This dispute is lost: it is closed.')).toBeTruthy();
  });

  it('lists the history: who moved it from what to what, with the note', () => {
    panel(
      order({ status: 'won', reason: 'Missing naan', openedAt: T }, [
        { at: T, from: null, to: 'open', note: 'Missing naan', byEmail: null },
        { at: T + 60_000, from: 'open', to: 'won', note: 'The clip shows it', byEmail: 'a@example.com' },
      ]),
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Opened · point of sale');
    expect(items[0]).toContain('Missing naan');
    expect(items[1]).toContain('Open → Won · a@example.com');
    expect(items[1]).toContain('The clip shows it');
  });
});
