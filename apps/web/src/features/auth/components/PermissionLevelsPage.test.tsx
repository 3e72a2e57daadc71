import { cleanup, render, screen, within } from '@testing-library/react';
import { ACTIONS, LEVEL_ACTIONS, PERMISSION_LEVELS } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { PermissionLevelsPage } from './PermissionLevelsPage.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('PermissionLevelsPage', () => {
  it('shows the contracts’ matrix: one row per action, one column per level, grouped as the spec groups them', () => {
    render(<PermissionLevelsPage />);
    const table = screen.getByRole('table', { name: en.permissions.caption });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(columns).toEqual([
      en.permissions.action,
      ...PERMISSION_LEVELS.map((l) => en.permissions.levels[l]),
    ]);
    const groups = within(table).getAllByRole('rowheader', {
      name: /^(Video|Settings|Notifications|Other)$/,
    });
    expect(groups.map((g) => g.textContent)).toEqual(['Video', 'Settings', 'Notifications', 'Other']);
    for (const action of ACTIONS) {
      const row = within(table)
        .getByRole('rowheader', { name: en.permissions.actions[action] })
        .closest('tr')!;
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent === `✓${en.permissions.allowed}`);
      // Cell i is level i: allowed exactly where the shared matrix allows it.
      expect([action, cells]).toEqual([action, PERMISSION_LEVELS.map((l) => LEVEL_ACTIONS[l].has(action))]);
    }
  });
});
