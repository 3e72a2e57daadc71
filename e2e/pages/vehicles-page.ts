import type { Locator, Page } from '@playwright/test';

/** Page object for /vehicles (the plate log), /vehicles/:plate and /vehicles/counts. */
export class VehiclesPage {
  readonly page: Page;
  readonly search: Locator;
  readonly plate: Locator;
  readonly camera: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly table: Locator;
  readonly exportCsv: Locator;
  readonly countsTab: Locator;
  readonly countsTable: Locator;
  readonly chart: Locator;

  constructor(page: Page) {
    this.page = page;
    this.search = page.getByRole('search', { name: 'Search plates' });
    this.plate = this.search.getByLabel('Plate');
    this.camera = this.search.getByLabel('Camera');
    this.submit = this.search.getByRole('button', { name: 'Search' });
    this.error = page.getByRole('alert');
    this.table = page.getByRole('table', { name: 'Vehicles seen, newest first' });
    this.exportCsv = page.getByRole('button', { name: 'Export CSV' });
    this.countsTab = page.getByRole('link', { name: 'Counts' });
    this.countsTable = page.getByTestId('vehicle-counts');
    this.chart = page.getByRole('figure', { name: /Vehicles per/ });
  }

  /** The plates of the table's rows, top to bottom. */
  plates(): Promise<string[]> {
    return this.table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-plate') ?? ''));
  }

  async find(plate: string): Promise<void> {
    await this.plate.fill(plate);
    await this.submit.click();
  }
}
