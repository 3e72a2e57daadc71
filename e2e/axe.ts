import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core's WCAG 2.1 A and AA rules; serious and critical findings fail (issue 21). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        // The element's markup too: a selector alone (".rounded") rarely says which element it is.
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
}

/** The phone sizes a screen must fit: 390 × 844, 360 × 640. */
export const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;

/** At each of `viewports` the page does not scroll sideways; axe finds nothing serious; back to 1280 × 720 after. */
export async function fitsAndPassesAxe(
  page: Page,
  viewports: readonly { width: number; height: number }[] = PHONES,
) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
}
