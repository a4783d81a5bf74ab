/** axe as the journeys run it: WCAG 2.2 AA's rules on the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What axe finds, as `rule (n×: first element)`: an empty list is a page that passes. Besides the rules
 * tagged with WCAG's levels, axe's check of 2.5.3 Label in Name (a control's accessible name holds the
 * words it shows, so speech control can use them), which axe leaves off as experimental.
 *
 * Legacy mode runs axe.run() in the page itself; the default mode opens a blank page for every run to
 * merge results across frames, which triples a sweep's time, and the shop's pages have no frames.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}×: ${violation.nodes[0]?.target.join(' ') ?? '?'})`,
  );
}
