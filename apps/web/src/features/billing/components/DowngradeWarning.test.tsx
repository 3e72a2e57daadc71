import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PlanLosses } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { losesSomething } from '../plan-losses.ts';
import { DowngradeWarning } from './DowngradeWarning.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

const losses: PlanLosses = {
  storageDays: { from: 30, to: 7 },
  cameraLimit: { from: 5, to: 2 },
  stoppingCameras: [
    { uidd: 'o.c2', name: 'Shed' },
    { uidd: 'o.c3', name: 'Porch' },
    { uidd: 'o.c4', name: 'Drive' },
  ],
  resolution: { from: '4MP', to: '2MP' },
  addonsLost: ['vehicles'],
};
const none: PlanLosses = {
  storageDays: null,
  cameraLimit: null,
  stoppingCameras: [],
  resolution: null,
  addonsLost: [],
};

describe('DowngradeWarning (decision 0853)', () => {
  it('names every loss, footage first, with the server’s numbers', async () => {
    await import('../../../shared/i18n/billing.texts.ts');
    const said: string[] = [];
    render(
      <DowngradeWarning
        losses={losses}
        busy={false}
        error={undefined}
        onConfirm={() => said.push('confirm')}
        onCancel={() => said.push('cancel')}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Change to a smaller plan?' });
    expect([...dialog.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Recordings older than 7 days will be deleted: your cameras keep 7 days of video instead of 30.',
      'Cameras that stop recording to the cloud: 3 (Shed, Porch, Drive). Live view still works.',
      'Your plan covers 2 cameras instead of 5.',
      'Recording is limited to 2MP instead of 4MP.',
      'Analytics you lose: Licence plate recognition.',
    ]);
    // Cancel has the focus first: Enter never confirms by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Change plan anyway' }));
    expect(said).toEqual(['cancel', 'confirm']);
  });

  it('asks only when something is lost', () => {
    expect(losesSomething(none)).toBe(false);
    expect(losesSomething({ ...none, addonsLost: ['ppe'] })).toBe(true);
    expect(losesSomething(losses)).toBe(true);
  });
});
