import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { PermissionLevelsPage } from './PermissionLevelsPage.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

/**
 * Decision 0010's table, written out: row = action as shown, then one mark per level (co-owner, admin, read only,
 * view only, live only, none). Literal on purpose: a wrong matrix in the code must fail here, not be copied.
 */
const Y = true;
const N = false;
const EXPECTED: Array<[string, boolean[]]> = [
  ['View live', [Y, Y, Y, Y, Y, N]],
  ['View recorded', [Y, Y, Y, Y, N, N]],
  ['Events', [Y, Y, Y, Y, N, N]],
  ['Delete', [Y, Y, N, N, N, N]],
  ['Camera settings', [Y, Y, N, N, N, N]],
  ['Notification settings', [Y, Y, N, N, N, N]],
  ['Rename', [Y, Y, N, N, N, N]],
  ['Camera online or offline', [Y, Y, Y, N, N, N]],
  ['Analytics', [Y, Y, Y, N, N, N]],
  ['Temperature', [Y, Y, Y, N, N, N]],
  ['PTZ', [Y, Y, N, N, N, N]],
  ['Install', [Y, Y, N, N, N, N]],
  ['Manage users', [Y, Y, N, N, N, N]],
  ['Manage plan', [Y, N, N, N, N, N]],
];

describe('PermissionLevelsPage', () => {
  it('shows decision 0010’s matrix: one row per action, one column per level, grouped as the spec groups them', () => {
    render(<PermissionLevelsPage />);
    const table = screen.getByRole('table', { name: 'What each permission level allows' });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(columns).toEqual(['Action', 'Co-owner', 'Admin', 'Read only', 'View only', 'Live only', 'None']);
    const groups = within(table).getAllByRole('rowheader', {
      name: /^(Video|Settings|Notifications|Other)$/,
    });
    expect(groups.map((g) => g.textContent)).toEqual(['Video', 'Settings', 'Notifications', 'Other']);
    const shown = within(table)
      .getAllByRole('row')
      .flatMap((row) => {
        const header = within(row).queryByRole('rowheader');
        const cells = within(row).queryAllByRole('cell');
        if (!header || cells.length === 0) return [];
        return [[header.textContent, cells.map((c) => c.textContent === '✓Allowed')] as [string, boolean[]]];
      });
    expect(shown).toEqual(EXPECTED);
  });
});
