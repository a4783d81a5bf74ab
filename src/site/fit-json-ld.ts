/**
 * "Fits my machine" for search engines: a part's Product names the machine models it fits
 * (`isAccessoryOrSparePartFor`, each a schema.org ProductModel with its parts page). A machine's page says
 * nothing in its structured data of the parts it shows: a page's structured data speaks of its own product
 * only (the parts' pages and the model's parts page speak of them).
 */
import type { FitsSection } from './fit-sections.ts';

const absolute = (siteUrl: string, path: string): string => new URL(path, siteUrl).href;

/** The part's Product's `isAccessoryOrSparePartFor`, to spread into it; empty for a product that fits none. */
export function partFitJsonLd(section: FitsSection | null, siteUrl: string): Record<string, unknown> {
  if (!section) return {};
  return {
    isAccessoryOrSparePartFor: section.models.map((model) => ({
      '@type': 'ProductModel',
      name: model.name,
      url: absolute(siteUrl, model.href),
    })),
  };
}
