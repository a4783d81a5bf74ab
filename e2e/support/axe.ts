/** axe as the journeys run it: WCAG 2.2 AA's rules on the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What axe finds, as `rule (n×)`: an empty list is a page that passes. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.nodes.length}×)`);
}
