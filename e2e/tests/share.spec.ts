import { apiLogin, signInAs } from '../fixtures.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { VideoPlayerObject } from '../pages/video-player.ts';
import { expect, test } from '../recordings.ts';

test.describe('share links', () => {
  test('private and public links through their lifecycle', async ({
    page,
    browser,
    accounts,
    recordings,
  }) => {
    test.setTimeout(90_000);
    const [first, second] = recordings.front.runs as [[number, number], [number, number]];
    await signInAs(page, accounts.u, '/permission-levels');
    const pb = new PlaybackPageObject(page);
    await pb.open({ fromMs: first[0] - 60_000, toMs: second[1] + 60_000 });
    await pb.clickAt('Front door', first[0] + 1000);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    // The range: from the first second of the recording, 1 minute.
    await dialog.getByLabel('Minutes').fill('01');
    await dialog.getByLabel('Hours').fill('0');
    const create = dialog.getByRole('button', { name: 'Create link' });

    // Public without choosing an expiry: the server says it needs one.
    await dialog.getByLabel('Public').check();
    await create.click();
    await expect(dialog.getByRole('alert')).toContainText('A public link needs an expiry');
    await dialog.getByLabel('Link expires').selectOption({ label: 'In 1 day' });
    await create.click();
    const publicLink = await dialog.getByLabel('Link', { exact: true }).inputValue();
    expect(publicLink).toMatch(/\/shared\/[\w.-]+$/);

    // Private, never expiring.
    await dialog.getByLabel('Private').check();
    await dialog.getByLabel('Link expires').selectOption({ label: 'Never' });
    await create.click();
    await expect(dialog.getByLabel('Link', { exact: true })).not.toHaveValue(publicLink);
    const privateLink = await dialog.getByLabel('Link', { exact: true }).inputValue();
    // Newest first: the private link, then the public one.
    const rows = dialog.getByTestId('share-links').locator('li');
    await expect(rows.nth(0)).toContainText('Private');
    await expect(rows.nth(1)).toContainText('Public');

    // Signed out: the public link plays, the private one asks to sign in.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await guest.goto(publicLink);
    await new VideoPlayerObject(guest).expectPlaying();
    await expect(guest.getByText('You are not signed in.')).toBeVisible();
    await guest.goto(privateLink);
    await expect(guest.locator('[data-problem]')).toHaveAttribute('data-problem', 'unauthorised');
    await expect(guest.getByRole('link', { name: 'Sign in to watch' })).toBeVisible();
    await guest.screenshot({ path: 'test-results/screens/shared-private-signed-out.png' });

    // Signed in with access, the private link plays.
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await signInAs(ownerPage, accounts.u, new URL(privateLink).pathname);
    await new VideoPlayerObject(ownerPage).expectPlaying();
    await expect(ownerPage.getByText('You are signed in.')).toBeVisible();
    await ownerPage.screenshot({ path: 'test-results/screens/shared-private.png' });

    // Another account without access: refused.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await signInAs(strangerPage, accounts.i, new URL(privateLink).pathname);
    await expect(strangerPage.locator('[data-problem]')).toHaveAttribute('data-problem', 'unauthorised');

    // Revoked: the public link no longer opens.
    const publicRow = rows.nth(1);
    await publicRow.getByRole('button', { name: 'Revoke' }).click();
    await expect(publicRow).toContainText('Revoked');
    await guest.goto(publicLink);
    await expect(guest.locator('[data-problem]')).toHaveAttribute('data-problem', 'invalid');

    // An auth token is not a share token; nor is garbage.
    const login = await apiLogin(page.request, accounts.u);
    await guest.goto(`/shared/${login.authToken}`);
    await expect(guest.locator('[data-problem]')).toHaveAttribute('data-problem', 'invalid');
    await guest.goto('/shared/not-a-token');
    await expect(guest.locator('[data-problem]')).toHaveAttribute('data-problem', 'invalid');
    await guest.screenshot({ path: 'test-results/screens/shared-invalid.png' });
    for (const c of [visitor, owner, stranger]) await c.close();
  });
});
