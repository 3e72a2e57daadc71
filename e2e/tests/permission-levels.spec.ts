import { expect, test } from '../fixtures.ts';

/** Decision 0010's table, written out (co-owner, admin, read only, view only, live only, none). */
const Y = '✓Allowed';
const N = '–Not allowed';
const EXPECTED: Array<[string, string[]]> = [
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

test('/permission-levels shows the matrix the server enforces, level by action, grouped', async ({
  page,
}) => {
  await page.goto('/permission-levels');
  const table = page.getByRole('table', { name: 'What each permission level allows' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Action',
    'Co-owner',
    'Admin',
    'Read only',
    'View only',
    'Live only',
    'None',
  ]);
  await expect(table.getByRole('rowheader', { name: /^(Video|Settings|Notifications|Other)$/ })).toHaveText([
    'Video',
    'Settings',
    'Notifications',
    'Other',
  ]);
  for (const [action, marks] of EXPECTED) {
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: action, exact: true }),
    });
    await expect(row.getByRole('cell')).toHaveText(marks);
  }
});
