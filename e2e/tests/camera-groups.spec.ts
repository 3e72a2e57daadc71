import { freshAccount, insertCameras } from '../accounts-data.ts';
import { expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { CameraGroupsPage } from '../pages/camera-groups-page.ts';
import { CamerasPage } from '../pages/cameras-page.ts';

test('camera groups: create, duplicate name refused with the server’s message, rename, delete, kept sorted', async ({
  page,
}) => {
  const owner = await freshAccount(page.request, 'groups');
  insertCameras(owner.uid, ['Front door', 'Yard', 'Garage']);
  await signInAs(page, owner, '/camera-groups');
  const groups = new CameraGroupsPage(page);
  await expect(groups.heading).toBeVisible();
  await expect(groups.empty).toBeVisible();

  await groups.newGroup.click();
  await groups.fill('Outside', ['Front door', 'Yard']);
  await groups.create.click();
  await expect(groups.status).toContainText('Group “Outside” created.');
  await expect.poll(() => groups.names()).toEqual(['Outside']);
  await expect(groups.list).toContainText('2 cameras');

  // The name is taken: the server's 409 message shows, and the form keeps what was typed.
  await groups.newGroup.click();
  await groups.fill('Outside', ['Garage']);
  await groups.create.click();
  await expect(groups.error).toHaveText('A group with this name already exists');
  await expect(groups.camera('Garage')).toBeChecked();
  await groups.name.fill('Back');
  await groups.create.click();
  await expect.poll(() => groups.names()).toEqual(['Back', 'Outside']);

  // The session's groups are camera filters at once: the picker offers them, and narrows to a group.
  await groups.newGroup.click();
  await expect(groups.filter.locator('option')).toHaveText(['All cameras', 'Back', 'Outside']);
  await groups.filter.selectOption({ label: 'Outside' });
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expect(groups.camera('Garage')).toHaveCount(0);
  await page.getByRole('link', { name: 'Cancel' }).click();

  // The camera navigator filters with the same group filter (decisions 0404, 0106).
  await spaGoto(page, '/cameras');
  const cameras = new CamerasPage(page);
  await expect.poll(() => cameras.names()).toEqual(['Front door', 'Garage', 'Yard']);
  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Outside' });
  await expect.poll(() => cameras.names()).toEqual(['Front door', 'Yard']);
  await spaGoto(page, '/camera-groups');

  // Rename moves it in the order.
  await groups.open('Outside');
  await expect(groups.name).toHaveValue('Outside');
  await groups.name.fill('Alley');
  await groups.camera('Garage').check();
  await groups.save.click();
  await expect(groups.status).toContainText('Group “Alley” saved.');
  await expect.poll(() => groups.names()).toEqual(['Alley', 'Back']);
  await expect(groups.list.getByRole('link', { name: /^Alley/ })).toContainText('3 cameras');

  // Renaming onto a taken name is refused too.
  await groups.open('Alley');
  await groups.name.fill('Back');
  await groups.save.click();
  await expect(groups.error).toHaveText('A group with this name already exists');
  await page.getByRole('link', { name: 'Cancel' }).click();

  await groups.open('Back');
  await groups.delete.click();
  await groups.dialog.getByRole('button', { name: 'Delete the group' }).click();
  await expect(groups.status).toContainText('Group “Back” deleted.');
  await expect.poll(() => groups.names()).toEqual(['Alley']);

  // The session kept in step with rename and delete, and the server agrees after a reload.
  await groups.newGroup.click();
  await expect(groups.filter.locator('option')).toHaveText(['All cameras', 'Alley']);
  await page.reload();
  await expect(groups.filter.locator('option')).toHaveText(['All cameras', 'Alley']);
});
