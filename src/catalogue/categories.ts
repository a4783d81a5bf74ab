/**
 * The category codes each audience's listing accepts (spec §2, §5). Anything else under
 * `/home-garden/` or `/professional/` is Not Found. `dry-ice-cleaning`, which the spec refused while every
 * menu linked to it, has its listing like every other category (DESIGN.md §3).
 */
import type { Audience } from './types.ts';

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

export const isListingCode = (audience: Audience, code: string): boolean =>
  LISTING_CODES[audience].includes(code);
