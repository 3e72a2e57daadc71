import type { PlanSelection } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { camerasOverLimit, planLosses } from './plan-losses.ts';

const plan = (p: Partial<PlanSelection> = {}): PlanSelection => ({
  resolution: '4MP',
  mode: 'continuous',
  storageDays: 30,
  interval: 'monthly',
  cameras: 5,
  addons: ['objects', 'vehicles'],
  ...p,
});
const cams = ['Gate', 'Yard', 'Shed', 'Porch', 'Drive'].map((name, i) => ({ uidd: `o.c${i}`, name }));

describe('what a smaller plan takes away (decision 0853)', () => {
  it('30 → 7 days, 5 → 2 cameras, 4MP → 2MP, vehicles dropped: every loss named', () => {
    expect(
      planLosses(plan(), plan({ storageDays: 7, cameras: 2, resolution: '2MP', addons: ['objects'] }), cams),
    ).toEqual({
      storageDays: { from: 30, to: 7 },
      cameraLimit: { from: 5, to: 2 },
      stoppingCameras: [
        { uidd: 'o.c2', name: 'Shed' },
        { uidd: 'o.c3', name: 'Porch' },
        { uidd: 'o.c4', name: 'Drive' },
      ],
      resolution: { from: '4MP', to: '2MP' },
      addonsLost: ['vehicles'],
    });
  });

  it('a larger plan loses nothing', () => {
    expect(
      planLosses(
        plan(),
        plan({ storageDays: 90, cameras: 8, resolution: '8MP', addons: ['objects', 'vehicles', 'people'] }),
        cams,
      ),
    ).toEqual({
      storageDays: null,
      cameraLimit: null,
      stoppingCameras: [],
      resolution: null,
      addonsLost: [],
    });
  });

  it('fewer cameras licensed than before, but no more than record: none stops', () => {
    const l = planLosses(plan({ cameras: 10 }), plan({ cameras: 5 }), cams);
    expect(l.cameraLimit).toEqual({ from: 10, to: 5 });
    expect(l.stoppingCameras).toEqual([]);
  });

  it('the first installed keep recording: 3 cameras under a limit of 1', () => {
    expect(camerasOverLimit(cams.slice(0, 3), 1).map((c) => c.name)).toEqual(['Yard', 'Shed']);
    expect(camerasOverLimit(cams.slice(0, 3), 3)).toEqual([]);
  });
});
