/**
 * "Fits my machine" for search engines: a part's Product names the machine models it fits
 * (`isAccessoryOrSparePartFor`, each a schema.org ProductModel with its parts page), and a machine's page lists
 * the accessories it shows as an `ItemList`.
 */
import type { FitsSection, FittingSection } from './fit-sections.ts';
import { fitTexts } from '../features/fits/index.ts';

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

/** The accessories a machine's page shows, as an ItemList of their pages; null when it shows none. */
export function fittingJsonLd(
  section: FittingSection | null,
  siteUrl: string,
): Record<string, unknown> | null {
  if (!section) return null;
  const items = section.groups.flatMap((group) => group.items).filter((item) => item.href !== null);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${fitTexts.fittingTitle} the ${section.model}`,
    url: absolute(siteUrl, section.href),
    numberOfItems: items.length,
    itemListElement: items.map((item, at) => ({
      '@type': 'ListItem',
      position: at + 1,
      name: item.product.name,
      url: absolute(siteUrl, item.href ?? ''),
    })),
  };
}
