/**
 * The basket's "Fits your K 5" (issue 39): which of the shopper's machines a basket line fits, from the fit
 * files of those machines only (`/fit-data/model-{slug}.json`: static, no call to the back end). Loaded by the
 * basket after its lines are shown, and only when the shopper may keep machines (hint.ts). A configurable's
 * line names its child, which has no page and is in no fit file: it fits as its parent does, found by the
 * parent's page (the child's link is the parent's page with the child chosen).
 */
import { modelSlug } from '../../catalogue/fits.ts';
import { myMachinesTexts } from './texts.ts';
import { loadModelParts } from '../fits/index.ts';
import { loadMyMachines } from './store.ts';

export interface YourFits {
  /** "Fits your K 5" for a line (its sku, and its link when known), or undefined when it fits none of them. */
  fitOf(sku: string, href: string | null | undefined): string | undefined;
}

/** The page a link opens, without the chosen options: `/car-shampoo?volume=5-l` → `/car-shampoo`. */
const pageOf = (href: string): string => href.split(/[?#]/)[0] ?? href;

/** The parts that fit each of `machines` (the first machine named for a part that fits several). */
export async function fitsOf(machines: readonly string[]): Promise<YourFits> {
  const files = await Promise.all(
    // A machine with no parts page (or a file out of reach) fits nothing here; the others still answer.
    machines.map((name) => loadModelParts(modelSlug(name)).catch(() => [])),
  );
  const bySku = new Map<string, string>();
  const byPage = new Map<string, string>();
  machines.forEach((name, at) => {
    for (const part of files[at] ?? []) {
      if (!bySku.has(part.sku)) bySku.set(part.sku, name);
      if (!byPage.has(part.href)) byPage.set(part.href, name);
    }
  });
  return {
    fitOf(sku, href) {
      const machine = bySku.get(sku) ?? (href ? byPage.get(pageOf(href)) : undefined);
      return machine === undefined ? undefined : myMachinesTexts.fitsYour(machine);
    },
  };
}

/** The shopper's machines' fits (none when they keep none). */
export const yourFits = async (): Promise<YourFits> => fitsOf(await loadMyMachines());
