/**
 * The category codes each audience's listing accepts (spec §2, §5). Anything else under
 * `/home-garden/` or `/professional/` is Not Found. `dry-ice-cleaning`, which the spec refused while every
 * menu linked to it, has its listing like every other category (DESIGN.md §3).
 */
import type { Audience, Catalogue } from './types.ts';

export const LISTING_CODES: Readonly<Record<Audience, readonly string[]>> = {
  'home-garden': [
    'pressure-washer',
    'wet-dry-vacuum-cleaners',
    'specialized-vacuum',
    'steam-cleaners',
    'push-sweepers',
    'window-vac',
    'hard-floor-cleaners',
    'electric-wiping-mop',
    'garden-tools',
    'drainage-pumps',
    'mobile-cleaning',
    'watering-systems',
    'accessories',
    'detergents',
  ],
  professional: [
    'pressure-washer',
    'vacuum-cleaners',
    'industrial-vacuuming-dedusting-solutions',
    'window-surface-vacuum-cleaners',
    'carpet-upholstery-cleaners',
    'steam-cleaners-steam-vacuum-cleaners',
    'floor-scrubbers-scrubber-dryers',
    'sweepers-vacuum-sweepers',
    'municipal-equipment',
    'vehicle-cleaning-systems',
    'water-reclamation',
    'parts-cleaning',
    'tank-cleaning-systems',
    'air-purifiers',
    'consumables',
    'professional-landscape-management',
    'accessories',
    'detergents',
    'dry-ice-cleaning',
  ],
};

export const AUDIENCE_NAMES: Readonly<Record<Audience, string>> = {
  'home-garden': 'Home & Garden',
  professional: 'Professional',
};

/**
 * How shoppers name each audience in a search beside what they want ("h&g pressure washer", "trade
 * vacuum"): search reads these words as "in that audience's categories" (features/search/audience-slot.ts).
 * Signs fold as in any query: "h&g", "h+g" and "h & g" are all "h g".
 */
export const AUDIENCE_WORDS: Readonly<Record<Audience, readonly string[]>> = {
  'home-garden': ['home & garden', 'h&g', 'hg', 'home', 'domestic', 'household'],
  professional: ['professional', 'pro', 'trade', 'commercial'],
};

export const isListingCode = (audience: Audience, code: string): boolean =>
  LISTING_CODES[audience].includes(code);

/**
 * The audiences' top categories in Magento that have no listing here: no menu tile and no page (their
 * products are reached through search and product links), each as a line for the build's log.
 */
export function unlistedCategories(audiences: Catalogue['audiences']): string[] {
  return (Object.keys(LISTING_CODES) as Audience[]).flatMap((audience) =>
    audiences[audience].children
      .filter((category) => !isListingCode(audience, category.code))
      .map(
        (category) =>
          `Category "${category.name}" (${category.code}) under ${AUDIENCE_NAMES[audience]} has no listing in this shop, so no menu tile or page: add its code to LISTING_CODES (src/catalogue/categories.ts) to give it one.`,
      ),
  );
}
