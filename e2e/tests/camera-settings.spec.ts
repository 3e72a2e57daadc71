import { freshAccount, giveCameraSound, insertCameras, invitationPath } from '../accounts-data.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { CameraSettingsPage, SettingsListPage } from '../pages/camera-settings-page.ts';

/**
 * Camera settings as a person uses them, on a phone-sized screen: from /settings to a camera's settings; rename,
 * mode, cloud recording, tags and a schedule entry are kept across a reload; a resolution the camera cannot give
 * and cloud recording past the plan's count are refused with the server's words (spec 001 §5, §8: its `err`).
 */
test.use({ viewport: { width: 390, height: 844 } });

test('changes are kept across a reload; a refused resolution shows why and changes nothing', async ({
  page,
}) => {
  const owner = await freshAccount(page.request, 'settings');
  insertCameras(owner.uid, ['Porch']);
  await signInAs(page, owner, '/settings');
  const list = new SettingsListPage(page);
  await expect(list.camera('Porch')).toContainText('Cloud recording on · Continuous · 2MP');
  await list.camera('Porch').getByRole('link', { name: 'Settings of Porch' }).click();

  const s = new CameraSettingsPage(page);
  await expect(s.heading('Porch')).toBeVisible();
  await s.name.fill('Front porch');
  await s.saveName.click();
  await expect(s.section('Name and tags').saved.first()).toHaveText('Saved.');
  await s.tag.fill('outside');
  await s.tag.press('Enter');
  await s.saveTags.click();
  await expect(s.tags).toContainText('outside');

  await s.mode.selectOption({ label: 'On motion' });
  await expect(s.section('Recording').saved).toHaveText('Saved.');
  await s.cloudRecording.uncheck();
  await expect(s.section('Recording').saved).toHaveText('Saved.');
  await expect(s.cloudRecording).not.toBeChecked();

  // The camera sends 2MP only, and nothing is converted: SD is refused with the server's reason.
  await s.resolution.selectOption({ label: 'SD' });
  await expect(s.section('Recording').error).toHaveText(
    'This camera offers no stream at or below SD: it sends 2MP only, and Vigil records what the camera sends without converting it. Choose 2MP or above.',
  );
  await expect(s.resolution).toHaveValue('');

  await s.addScheduleEntry('Mon', '09:00', 'off');
  await expect(s.scheduleEntries).toContainText('Mon 09:00: Recording off');
  // The week shows it: with one "off" entry and none back on, recording is off every hour of the week.
  await expect(s.hour('Mon', '09:00')).toHaveAttribute('aria-pressed', 'false');
  await expect(s.hour('Sun', '08:00')).toHaveAttribute('aria-pressed', 'false');
  // Paint Tuesday 12:00–14:00 back on by dragging across it, then save the week.
  await s.drag(s.hour('Tue', '12:00'), s.hour('Tue', '14:00'));
  await expect(s.hour('Tue', '13:00')).toHaveAttribute('aria-pressed', 'true');
  await s.saveWeek.click();
  await expect(s.scheduleEntries).toContainText('Tue 12:00: Recording on');
  await expect(s.scheduleEntries).toContainText('Tue 15:00: Recording off');
  await expect(s.scheduleEntries).not.toContainText('Mon 09:00');

  // Usable on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.reload();
  await expect(s.heading('Front porch')).toBeVisible();
  await expect(s.cloudRecording).not.toBeChecked();
  await expect(s.mode).toHaveValue('rom');
  await expect(s.tags).toContainText('outside');
  await expect(s.scheduleEntries).toContainText('Tue 12:00: Recording on');
  await expect(s.hour('Tue', '13:00')).toHaveAttribute('aria-pressed', 'true');
  await expect(s.hour('Tue', '15:00')).toHaveAttribute('aria-pressed', 'false');
  await expect(s.main).toContainText('Records 2MP now, from the camera’s main stream.');

  // The list of every camera's settings tells which have a schedule (asked in batches of at most 1200 characters).
  await page.goto('/settings');
  await expect(list.camera('Front porch')).toContainText(
    'Cloud recording off · On motion · 2MP · 2 schedule entries',
  );
});

test('the camera’s sound is turned on and off, and a camera without sound says so', async ({ page }) => {
  const owner = await freshAccount(page.request, 'sound');
  const [loud, quiet] = insertCameras(owner.uid, ['Gate', 'Attic']) as [string, string];
  giveCameraSound(loud);
  await signInAs(page, owner, `/cameras/${loud}/settings`);
  const s = new CameraSettingsPage(page);
  const sound = s.section('Sound');
  const box = sound.region.getByRole('checkbox', { name: 'Take the camera’s sound' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(sound.saved).toHaveText('Saved.');
  await page.reload();
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(sound.saved).toHaveText('Saved.');
  await expect(box).not.toBeChecked();

  await page.goto(`/cameras/${quiet}/settings`);
  await expect(sound.region).toContainText('This camera sends no sound.');
  await expect(box).toBeDisabled();
});

test('bulk cloud recording past the plan’s count is refused with the licence error', async ({ page }) => {
  const owner = await freshAccount(page.request, 'licence');
  // The default end-user plan records 16 cameras to the cloud; these 17 were installed before any check.
  const names = Array.from({ length: 17 }, (_, i) => `Cam ${String(i + 1).padStart(2, '0')}`);
  insertCameras(owner.uid, names);
  await signInAs(page, owner, '/settings');
  const list = new SettingsListPage(page);
  await list.choose('Cam 01').check();
  await list.bulk(false).click();
  await expect(list.main.getByRole('status')).toHaveText('Saved.');
  await expect(list.camera('Cam 01')).toContainText('Cloud recording off');
  await list.bulk(true).click();
  await expect(list.main.getByRole('alert')).toHaveText(
    'Licence limit reached: your plan records 16 cameras to the cloud. Upgrade to add more.',
  );
  await expect(list.camera('Cam 01')).toContainText('Cloud recording off');
});

test('a read-only additional user sees the settings and can change none of them', async ({ page }) => {
  const owner = await freshAccount(page.request, 'owner');
  const [uidd] = insertCameras(owner.uid, ['Gate']);
  const reader = await freshAccount(page.request, 'reader');
  const ownerLogin = await apiLogin(page.request, owner);
  const invite = await page.request.post(`/multiuser/${owner.uid}/members`, {
    headers: { authorization: `Bearer ${ownerLogin.authToken}` },
    data: { email: reader.email, level: 'readonly' },
  });
  expect(invite.status()).toBe(200);
  await expect.poll(() => invitationPath(reader.email)).toBeTruthy();
  const token = new URLSearchParams(invitationPath(reader.email)!.split('?')[1]).get('token');
  const readerLogin = await apiLogin(page.request, reader);
  const accepted = await page.request.post('/multiuser/invites/accept', {
    headers: { authorization: `Bearer ${readerLogin.authToken}` },
    data: { token },
  });
  expect(accepted.status()).toBe(200);

  await signInAs(page, reader, `/cameras/${uidd}/settings`);
  const s = new CameraSettingsPage(page);
  await expect(s.heading('Gate')).toBeVisible();
  await expect(s.main).toContainText('Your access level lets you see these settings but not change them.');
  await expect(s.name).toBeDisabled();
  await expect(s.cloudRecording).toBeChecked();
  await expect(s.cloudRecording).toBeDisabled();
  await expect(s.mode).toBeDisabled();
  await expect(s.resolution).toBeDisabled();
  await expect(s.hour('Mon', '09:00')).toBeDisabled();
  await expect(s.addEntry).toBeDisabled();
});

test('in the demo a change opens the restricted modal and nothing changes', async ({ page }) => {
  await page.goto('/demo/settings');
  const list = new SettingsListPage(page);
  const first = list.main.getByRole('link', { name: /^Settings of / }).first();
  await first.click();
  const s = new CameraSettingsPage(page);
  await expect(s.mode).toHaveValue('continuous');
  await s.mode.selectOption({ label: 'On motion' });
  const dialog = page.getByRole('dialog', { name: 'Not available in the demo' });
  await expect(dialog).toContainText('This action is restricted in the demo account');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(s.mode).toHaveValue('continuous');
});
