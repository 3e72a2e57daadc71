import AxeBuilder from '@axe-core/playwright';
import { expect, signInAs, test } from '../fixtures.ts';

/**
 * Support's brands screen (decision 0820): reached from the support area, a new brand made on it, a colour pair
 * under the contrast rule refused with its reason (0822), and the screen usable on a phone.
 */
test('support makes a brand on /support/brands; a failing colour pair is refused with the pair and ratio', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.s, '/support');
  await page.getByRole('link', { name: 'Brands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Brands' })).toContainText('Main brand');

  const id = `e2e-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New brand' }).click();
  const form = page.getByRole('form', { name: 'New brand' });
  await form.getByLabel(/^Identifier/).fill(id);
  await form.getByRole('textbox', { name: /^Name/ }).fill('Quay Cams');
  await form.getByLabel('Hosts, one per line').fill(`${id}.example.test`);
  await form.getByLabel('Button colour').fill('#ffffff');
  await form.getByLabel('Button text colour').fill('#777777');
  // The screen shows the ratio as it is typed; the server refuses it with the same figures.
  await expect(form).toContainText('buttonTextColour on buttonColour: 4.48');
  await form.getByRole('button', { name: 'Save brand' }).click();
  await expect(form.getByTestId('brand-error')).toHaveText(
    'buttonTextColour on buttonColour: #777777 on #ffffff has a contrast ratio of 4.48, below the 4.5 required',
  );

  await form.getByLabel('Button text colour').fill('#767676');
  await expect(form).toContainText('buttonTextColour on buttonColour: 4.54');
  await form.getByRole('button', { name: 'Save brand' }).click();
  const list = page.getByRole('list', { name: 'Brands' });
  await expect(list).toContainText(`Quay Cams (${id})`);
  await expect(list).toContainText(`${id}.example.test`);
  // Saved, the brand opens for editing with its images.
  await expect(page.getByRole('form', { name: 'Edit Quay Cams' })).toContainText('Upload logo.png');

  // axe-core's WCAG 2.1 A and AA rules: no serious or critical finding on the screen with the editor open.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // On a phone the screen fits its width.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${viewport.width} × ${viewport.height}`).toBeLessThanOrEqual(0);
  }
});
