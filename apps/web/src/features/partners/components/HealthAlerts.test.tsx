import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { HealthCamera, HealthRecorder, SupportHealth } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { FleetHealth } from './FleetHealth.tsx';
import { HealthAlerts } from './HealthAlerts.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fleet = (recorders: HealthRecorder[], unassigned: HealthCamera[] = [], unassignedCount = 0) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FleetHealth recorders={recorders} unassigned={unassigned} unassignedCount={unassignedCount} />
    </QueryClientProvider>,
  );
const offline = (i: number): HealthCamera => ({
  uidd: `u1.c${String(i).padStart(2, '0')}`,
  name: `Cam ${i}`,
  state: 'offline',
  reason: 'unreachable',
  lastActivity: null,
});

const health: SupportHealth = {
  recorders: [
    {
      id: 'r2',
      publicUrl: 'https://r2.vigil.example',
      alive: false,
      heartbeatAgeMs: 40_400,
      draining: false,
      counts: { recording: 1, offline: 2, behind: 1 },
      cameras: [
        { uidd: 'u1.gate', name: 'Gate', state: 'offline', reason: 'unauthorised', lastActivity: null },
        { uidd: 'u1.dock', name: 'Dock', state: 'behind', reason: null, lastActivity: 1 },
      ],
      problems: 2,
    },
  ],
  unassigned: [],
  unassignedCount: 0,
  errorReportsPerMin: 11,
  alerts: [
    { id: 'disk_over_watermark', firing: false, value: 0, threshold: 0, summary: '' },
    { id: 'recorder_missing_heartbeats', firing: true, value: 12, threshold: 2, summary: '' },
    { id: 'error_report_rate', firing: true, value: 11, threshold: 10, summary: '' },
    { id: 'database_down', firing: false, value: 0, threshold: 0, summary: '' },
  ],
};

describe('health screen', () => {
  it('says how many alerts fire and lists those first, with what they measured', () => {
    render(<HealthAlerts health={health} />);
    expect(screen.getByRole('alert').textContent).toBe('2 alerts are firing.');
    const rows = within(screen.getByRole('list', { name: 'Alerts' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Recorder missing heartbeats (heartbeats missed)Now 12; fires above 2Firing',
      'Browser error reports (a minute)Now 11; fires above 10Firing',
      'Recordings disk short of its free-space watermark (bytes)Now 0; fires above 0OK',
      'Database downNow 0; fires above 0OK',
    ]);
    expect(screen.getByText('Browser error reports: 11 a minute (last 5 minutes).')).toBeTruthy();
  });

  it('shows a silent recorder, its counts and its problem cameras with their state and reason', () => {
    fleet(health.recorders);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(
      'r2 (https://r2.vigil.example) Silent for 40 s',
    );
    expect(screen.getByText('1 recording · 1 behind · 2 offline')).toBeTruthy();
    expect(screen.getByText('One camera not reported by the recorder yet (counted offline).')).toBeTruthy();
    const cams = within(screen.getByRole('list', { name: 'Cameras with a problem on r2' })).getAllByRole(
      'listitem',
    );
    expect(cams.map((c) => c.textContent)).toEqual([
      'Gate u1.gateOffline · unauthorised',
      'Dock u1.dockBehind',
    ]);
    // One page: no paging.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('pages through the problem cameras, asking the server for the next page (decision 0747)', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = new URL(input, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const body = { cameras: [offline(20), offline(21), offline(22)], total: 23, offset: 20 };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    const first = Array.from({ length: 20 }, (_, i) => offline(i));
    fleet([
      {
        id: 'this server',
        publicUrl: null,
        alive: true,
        heartbeatAgeMs: null,
        draining: false,
        counts: { recording: 5, offline: 23, behind: 0 },
        cameras: first,
        problems: 23,
      },
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of Cameras with a problem on this server' });
    expect(within(pages).getByText('1–20 of 23')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    const list = () => screen.getByRole('list', { name: 'Cameras with a problem on this server' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list()).getAllByRole('listitem')[0]?.textContent).toBe(
      'Cam 20 u1.c20Offline · unreachable',
    );
    expect(within(pages).getByText('21–23 of 23')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(asked).toEqual(['/support/health/cameras?recorder=this+server&offset=20']);
  });

  it('counts the cameras no recorder holds and lists the first of them', () => {
    fleet([], [offline(1)], 1);
    expect(screen.getByRole('heading', { name: 'One camera no recorder holds' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Cameras no recorder holds' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});
