/**
 * The parts pages: one listing per machine model of everything that fits it (`/parts-finder/{slug}`), with a
 * category listing's filters, sort and pages (listing-pages.ts builds their indexes from the model's parts).
 */
import type { Listing } from './listings.ts';
import { fitIndex } from '../catalogue/fits.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { fitTexts, PARTS_FINDER_PATH, partsPagePath } from '../features/fits/index.ts';

/** The parts pages of the models that have any part, in the fit index's order. */
export function partsListings(index: CatalogueIndex, hrefBySku: ReadonlyMap<string, string>): Listing[] {
  return fitIndex(index)
    .models.filter((model) => model.parts.length > 0)
    .map((model) => ({
      audience: model.audience ?? 'professional',
      path: partsPagePath(model.slug),
      code: model.slug,
      categoryId: null,
      name: fitTexts.partsFor(model.name),
      parent: { name: fitTexts.partsFinder, path: PARTS_FINDER_PATH, code: PARTS_FINDER_PATH.slice(1) },
      children: [],
      model: {
        name: model.name,
        key: model.key,
        machines: model.machines.flatMap(({ name, sku }) => {
          const href = hrefBySku.get(sku);
          return href ? [{ name, href }] : [];
        }),
      },
    }));
}
