import { ACTIONS, LEVEL_ACTIONS, PERMISSION_LEVELS } from '@vigil/contracts';
import { expect, test } from '../fixtures.ts';
import { en } from '../web-rules.ts';

test('/permission-levels shows the matrix the server enforces, level by action, grouped', async ({
  page,
}) => {
  await page.goto('/permission-levels');
  const table = page.getByRole('table', { name: 'What each permission level allows' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Action',
    ...PERMISSION_LEVELS.map((l) => en.permissions.levels[l]),
  ]);
  await expect(table.getByRole('rowheader', { name: /^(Video|Settings|Notifications|Other)$/ })).toHaveText([
    'Video',
    'Settings',
    'Notifications',
    'Other',
  ]);
  for (const action of ACTIONS) {
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: en.permissions.actions[action], exact: true }),
    });
    await expect(row.getByRole('cell')).toHaveText(
      PERMISSION_LEVELS.map((l) => (LEVEL_ACTIONS[l].has(action) ? '✓Allowed' : '–Not allowed')),
    );
  }
});
