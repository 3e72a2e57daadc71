import type { Locator, Page } from '@playwright/test';

/** The analytics areas and rules section of a camera's settings (/cameras/:uidd/settings). */
export class AnalyticsAreasSection {
  readonly page: Page;
  readonly region: Locator;
  readonly areas: Locator;
  readonly rules: Locator;
  readonly editor: Locator;
  readonly picture: Locator;
  readonly nodes: Locator;

  constructor(page: Page) {
    this.page = page;
    this.region = page.getByRole('region', { name: 'Analytics areas and rules' });
    this.areas = this.region.getByRole('list', { name: 'Areas' });
    this.rules = this.region.getByRole('list', { name: 'Alert rules' });
    this.editor = this.region.getByTestId('area-editor');
    this.picture = this.editor.getByRole('group', {
      name: 'Picture of the camera with the area being drawn',
    });
    this.nodes = this.editor.getByTestId('area-node');
  }

  button(name: string): Locator {
    return this.region.getByRole('button', { name, exact: true });
  }

  /** Taps the picture at (x, y) in 0..1 of its width and height. */
  async tap(x: number, y: number): Promise<void> {
    await this.picture.scrollIntoViewIfNeeded();
    const box = (await this.picture.boundingBox())!;
    await this.page.touchscreen.tap(box.x + x * box.width, box.y + y * box.height);
  }

  node(n: number): Locator {
    return this.editor.getByRole('button', { name: new RegExp(`^Node ${n} at`) });
  }

  get newRule(): Locator {
    return this.region.getByRole('form', { name: 'New rule' });
  }

  /** Adds a rule; `when` picks what a zone's rule alerts on (seen in it, or a plate a watch-list names). */
  async addRule(
    name: string,
    area: string,
    object: string,
    direction?: string,
    when?: string,
  ): Promise<void> {
    const form = this.newRule;
    await form.getByLabel('Rule name').fill(name);
    await form.getByLabel('Area').selectOption({ label: area });
    if (when) await form.getByLabel('Alert when').selectOption({ label: when });
    await form.getByLabel('Object').selectOption({ label: object });
    if (direction) await form.getByLabel('Direction').selectOption({ label: direction });
    await form.getByRole('button', { name: 'Add rule' }).click();
  }
}
