import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Page object for /verify: drop or choose files, read each file's result. */
export class VerifyPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly dropZone: Locator;
  readonly choose: Locator;
  readonly fileInput: Locator;
  readonly results: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Verify a clip' });
    this.dropZone = page.getByTestId('verify-drop-zone');
    this.choose = page.getByRole('button', { name: 'Choose files' });
    // The input behind the button (hidden; the button opens it): what a person picking files fills.
    this.fileInput = page.getByTestId('verify-file-input');
    this.results = page.getByRole('list', { name: 'Results' });
  }

  /** Drops a file from disk on the zone, as a drag from the desktop would (a DataTransfer holding a File). */
  async drop(path: string, type = 'video/mp4'): Promise<void> {
    const b64 = readFileSync(path).toString('base64');
    const dataTransfer = await this.page.evaluateHandle(
      ({ b64, name, type }) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], name, { type }));
        return dt;
      },
      { b64, name: basename(path), type },
    );
    await this.dropZone.dispatchEvent('drop', { dataTransfer });
  }

  /** The result item of a file, by its name. */
  result(name: string): Locator {
    return this.results.getByRole('listitem').filter({ hasText: name });
  }
}
