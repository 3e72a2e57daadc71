import { cleanup, render, screen, within } from '@testing-library/react';
import type { SupportHealth } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { FleetHealth } from './FleetHealth.tsx';
import { HealthAlerts } from './HealthAlerts.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const health: SupportHealth = {
  recorders: [
    {
      id: 'r2',
      publicUrl: 'https://r2.vigil.example',
      alive: false,
      heartbeatAgeMs: 40_400,
      draining: false,
      counts: { recording: 1, offline: 1, behind: 0 },
      cameras: [
        { uidd: 'u1.gate', name: 'Gate', state: 'offline', reason: 'unauthorised', lastActivity: null },
        { uidd: 'u1.dock', name: 'Dock', state: 'recording', reason: null, lastActivity: 1 },
      ],
    },
  ],
  unassigned: [],
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

  it('shows a silent recorder and its cameras with their state and reason', () => {
    render(<FleetHealth recorders={health.recorders} unassigned={[]} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(
      'r2 (https://r2.vigil.example) Silent for 40 s',
    );
    expect(screen.getByText('1 recording · 0 behind · 1 offline')).toBeTruthy();
    const cams = within(screen.getByRole('list', { name: 'Cameras on r2' })).getAllByRole('listitem');
    expect(cams.map((c) => c.textContent)).toEqual([
      'Gate u1.gateOffline · unauthorised',
      'Dock u1.dockRecording',
    ]);
  });
});
