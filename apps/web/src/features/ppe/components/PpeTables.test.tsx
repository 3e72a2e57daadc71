import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PpeViolation } from '@vigil/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { ViolationsTable, ZoneTable } from './PpeTables.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

const violation: PpeViolation = {
  id: 'v1',
  uidd: 'owner.cam1',
  eventId: 'ev1',
  stillTimeMs: 1_795_000_000_000,
  zoneId: 'z1',
  zoneName: 'Scaffold',
  missing: ['helmet', 'vest'],
  confidence: 0.514,
  box: [0.4, 0.3, 0.7, 0.9],
};

describe('the PPE screen’s tables (decision 0871)', () => {
  it('counts per zone, the whole picture named when a camera has no zone', () => {
    render(
      <ZoneTable
        rows={[
          { key: 'a', camera: 'Yard', zone: 'Scaffold', helmet: 2, vest: 1, total: 3 },
          { key: 'b', camera: 'Gate', zone: null, helmet: 0, vest: 1, total: 1 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Violations per safety zone' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Safety zoneCameraHard hatHigh-visibility vestIn all',
      'ScaffoldYard213',
      'Whole pictureGate011',
    ]);
  });

  it('lists a violation with what is missing, its confidence and a link to the recording at its time', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ViolationsTable rows={[violation]} cameraName={() => 'Yard'} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = screen.getByRole('table', { name: 'Violations, newest first' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['Yard', 'Scaffold', 'Hard hat, High-visibility vest', '51 %']);
    expect(screen.getByRole('link', { name: 'Recording' }).getAttribute('href')).toBe(
      '/playback?camera=owner.cam1&at=1795000000000',
    );
  });
});
