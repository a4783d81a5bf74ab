/**
 * The demo catalogue: a deterministic generator of categories, attributes and products for the
 * embedded Magento-compatible back end. Pure: no I/O, no clock, no global state; the same options
 * always give a deep-equal catalogue.
 *
 * Data formats written into `SeedProduct.customAttributes` (all values are strings, as Magento
 * returns them in `custom_attributes`):
 *
 * - `list_price`: price incl VAT with two decimals (`"149.99"`); absent on about 30 % of products.
 * - `sales_price`: price excl VAT (`price / 1.2`, rounded to pence) with two decimals; always present.
 * - Promotions (about 6 % of the products that have a `list_price`): `sale_price` is the current,
 *   discounted price incl VAT (equal to `price`), `full_list_price` the price before the discount incl
 *   VAT, and `full_sale_price` the price before the discount excl VAT.
 * - `equipmentAttr`, `applications_attrib`: list items joined by {@link LIST_SEPARATOR} (`&&!&&`).
 * - `documentationAttr1` … `documentationAttr10`: `"{title}::{url}"`, e.g.
 *   `"Operating manual::https://docs.example.com/manuals/hg-pw-00012-operating-manual.pdf"`; split on the
 *   first `::`. Numbered from 1 without gaps; 0–3 per product.
 * - `description`: HTML (`<p>`, `<ul><li>`, `<strong>`); about 2 % also contain markup that a sanitiser
 *   must remove (`<script>`, `onerror=`, `javascript:` links, `<iframe>`, `onclick=`).
 * - `image`, `small_image`, `thumbnail`: the first image's file.
 * - Technical-data attributes (see `TECHNICAL_ATTRIBUTES`): a few rows are intentionally `""`.
 */

import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import type {
  CatalogueOptions,
  SeedAttribute,
  SeedCatalogue,
  SeedCategory,
  SeedImage,
  SeedProduct,
  SeedProductLink,
} from './types.ts';

/** Separator of the list-valued attributes `equipmentAttr` and `applications_attrib`. */
export const LIST_SEPARATOR = '&&!&&';
/** Separator between title and URL in `documentationAttrN` values. */
export const DOCUMENTATION_SEPARATOR = '::';
/** Catalogues bigger than this reuse a bounded pool of image files. */
export const IMAGE_POOL_THRESHOLD = 1000;
/** Pool files per second-level category in pool mode (≤ 5 × 32 = 160 files). */
const POOL_FILES_PER_CATEGORY = 5;

export const ROOT_CATALOG_ID = 1;
export const DEFAULT_CATEGORY_ID = 2;
export const PROFESSIONAL_CATEGORY_ID = 3;
export const HOME_GARDEN_CATEGORY_ID = 7;

type Audience = 'HG' | 'P';
type Role = 'machine' | 'detergent' | 'accessory';
type FamilyName =
  | 'pressure'
  | 'vacuum'
  | 'steam'
  | 'floor'
  | 'sweeper'
  | 'window'
  | 'garden'
  | 'pump'
  | 'industrial'
  | 'detergent'
  | 'accessory';

/** [model designation, product noun], e.g. ['K 4 Power Control', 'Pressure Washer']. */
type Model = readonly [string, string];
type ModelFn = (r: Random, tier: number, child: string | undefined) => Model;

interface SubCategoryDef {
  id: number;
  audience: Audience;
  code: string;
  name: string;
  /** Middle part of the sku, e.g. `PW` in `HG-PW-00012`. */
  abbr: string;
  /** Image caption, e.g. `Pressure Washer`. */
  kind: string;
  family: FamilyName;
  /** Relative share of products; 0 leaves the category empty. */
  share: number;
  /** Price incl VAT range in GBP. */
  price: readonly [number, number];
  weightKg: readonly [number, number];
  model: ModelFn;
  /** Third-level assignment by position in the category: child url keys, null = sub-category only. */
  cycle?: readonly (string | null)[];
}

interface ThirdLevelDef {
  id: number;
  parentId: number;
  code: string;
  name: string;
  isActive: boolean;
}

interface FamilyDef {
  role: Role;
  colour: string;
  /** Technical attribute codes, most important first (the first two are always included). */
  tech: readonly string[];
  equipment: readonly string[];
  applications: readonly string[];
  pitches: readonly string[];
  features: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const round = (value: number, step: number): number => Math.round(value / step) * step;
const pence = (value: number): number => Math.round(value * 100) / 100;
/** `8` for 8.0, `8.5` for 8.5: numbers as a data sheet prints them. */
const num = (value: number, decimals = 1): string => String(Number(value.toFixed(decimals)));
const join = (...parts: (string | false | undefined)[]): string => parts.filter(Boolean).join(' ');

function pickModel(r: Random, items: readonly (readonly [string, string])[]): Model {
  return r.pick(items);
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A believable shelf price incl VAT: 4.99, 149.99, 149.5, 1249.99, 1250. */
function retailPrice(r: Random, raw: number): number {
  if (raw < 20) return pence(Math.floor(raw) + 0.99);
  if (raw < 1000) {
    const tens = Math.max(20, round(raw, 10));
    return pence(r.chance(0.1) ? tens - 0.5 : tens - 0.01);
  }
  const tens = round(raw, 10);
  const u = r.next();
  return pence(u < 0.45 ? tens - 0.01 : u < 0.55 ? tens - 0.5 : tens);
}

const exVat = (incl: number): number => Math.round(Math.round(incl * 100) / 1.2) / 100;

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

const HG_PW_VARIANTS = [
  '',
  'Classic',
  'Power Control',
  'Smart Control',
  'Full Control',
  'Power Control Home',
];

const SUB_CATEGORY_DEFS: readonly SubCategoryDef[] = [
  // Professional (parent 3). Ids 4, 5, 6, then 8 onwards.
  {
    id: 4,
    audience: 'P',
    code: 'pressure-washer',
    name: 'Pressure Washers',
    abbr: 'PW',
    kind: 'Pressure Washer',
    family: 'pressure',
    share: 8,
    price: [599, 4999],
    weightKg: [18, 130],
    cycle: [
      null,
      'hot-water-pressure-washers',
      null,
      'hot-water-pressure-washers',
      null,
      'discontinued-models',
    ],
    model: (r, t, child) => {
      const a = 5 + Math.floor(t * 6);
      const b = r.pick([11, 12, 13, 15, 17, 18]);
      if (child === 'hot-water-pressure-washers') {
        return [join(`HDS ${a}/${b} C`, r.pick(['', 'Plus', 'Classic', 'Eco'])), 'Hot Water Pressure Washer'];
      }
      if (child === 'discontinued-models') return [`HD ${a}/${b} Classic`, 'Cold Water Pressure Washer'];
      return [join(`HD ${a}/${b} C`, r.pick(['', 'Plus', 'Plus Easy', 'Eco'])), 'Cold Water Pressure Washer'];
    },
  },
  {
    id: 5,
    audience: 'P',
    code: 'vacuum-cleaners',
    name: 'Vacuum Cleaners',
    abbr: 'VC',
    kind: 'Vacuum Cleaner',
    family: 'vacuum',
    share: 6,
    price: [199, 1999],
    weightKg: [4, 40],
    model: (r, t) => {
      const n = r.pick([7, 10, 11, 12, 15, 20, 22, 30, 40, 50, 65, 70, 90].filter((x) => x <= 15 + t * 80));
      const variant = r.pick(['', 'Eco', 'Tact', 'Ap', 'Bp Battery']);
      return r.chance(0.4)
        ? [join(`T ${n}/1`, variant), 'Dry Vacuum Cleaner']
        : [join(`NT ${n}/1`, variant), 'Wet & Dry Vacuum Cleaner'];
    },
  },
  {
    id: 6,
    audience: 'P',
    code: 'industrial-vacuuming-dedusting-solutions',
    name: 'Industrial Vacuuming & Dedusting Solutions',
    abbr: 'IV',
    kind: 'Industrial Vacuum',
    family: 'vacuum',
    share: 3,
    price: [1999, 14999],
    weightKg: [40, 300],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['IVC', 'Industrial Vacuum Cleaner'],
        ['IVR', 'Industrial Vacuum Cleaner'],
        ['IVS', 'Industrial Vacuum Cleaner'],
        ['DE', 'Dust Extractor'],
      ]);
      return [`${p} ${40 + round(t * 60, 10)}/${r.pick([12, 15, 24, 36])}`, noun];
    },
  },
  {
    id: 8,
    audience: 'P',
    code: 'window-surface-vacuum-cleaners',
    name: 'Window & Surface Vacuum Cleaners',
    abbr: 'WS',
    kind: 'Window Vac',
    family: 'window',
    share: 2,
    price: [79, 249],
    weightKg: [0.6, 1.5],
    model: (r, t) => [join(`WVP ${10 + Math.floor(t * 3) * 10}`, r.pick(['', 'Adv', 'Plus'])), 'Window Vac'],
  },
  {
    id: 9,
    audience: 'P',
    code: 'carpet-upholstery-cleaners',
    name: 'Carpet & Upholstery Cleaners',
    abbr: 'CU',
    kind: 'Carpet Cleaner',
    family: 'floor',
    share: 3,
    price: [399, 2999],
    weightKg: [7, 60],
    model: (r, t) => [
      join(
        `SE ${r.pick([8, 10, 14, 30, 48].filter((x) => x <= 10 + t * 40))}/1`,
        r.pick(['', 'C', 'Bp', 'Adv']),
      ),
      'Spray Extraction Cleaner',
    ],
  },
  {
    id: 10,
    audience: 'P',
    code: 'steam-cleaners-steam-vacuum-cleaners',
    name: 'Steam Cleaners & Steam Vacuum Cleaners',
    abbr: 'SC',
    kind: 'Steam Cleaner',
    family: 'steam',
    share: 3,
    price: [899, 4999],
    weightKg: [8, 45],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['SG', 'Steam Cleaner'],
        ['SGV', 'Steam Vacuum Cleaner'],
      ]);
      return [`${p} ${r.pick([4, 6, 8].filter((x) => x <= 4 + t * 6))}/${r.pick([2, 4])}`, noun];
    },
  },
  {
    id: 11,
    audience: 'P',
    code: 'floor-scrubbers-scrubber-dryers',
    name: 'Floor Scrubbers & Scrubber Dryers',
    abbr: 'FS',
    kind: 'Scrubber Dryer',
    family: 'floor',
    share: 6,
    price: [1499, 24999],
    weightKg: [20, 900],
    cycle: [null, 'ride-on-scrubber-dryers', null],
    model: (r, t, child) => {
      if (child === 'ride-on-scrubber-dryers') {
        return [`B ${95 + round(t * 155, 5)} R`, 'Ride-on Scrubber Dryer'];
      }
      return r.chance(0.3)
        ? [`BR ${r.pick([30, 35, 40, 45])}/${r.pick([1, 4, 10])} C`, 'Compact Scrubber Dryer']
        : [join(`B ${40 + round(t * 70, 10)} W`, r.pick(['', 'Bp', 'Dose'])), 'Scrubber Dryer'];
    },
  },
  {
    id: 12,
    audience: 'P',
    code: 'sweepers-vacuum-sweepers',
    name: 'Sweepers & Vacuum Sweepers',
    abbr: 'SW',
    kind: 'Vacuum Sweeper',
    family: 'sweeper',
    share: 4,
    price: [399, 29999],
    weightKg: [20, 1200],
    model: (r, t) => [
      join(
        `KM ${70 + round(t * 80, 5)}/${r.pick([20, 30, 50, 100, 120])}`,
        r.pick(['', 'C', 'Bp', 'R', 'G']),
      ),
      'Vacuum Sweeper',
    ],
  },
  {
    id: 13,
    audience: 'P',
    code: 'municipal-equipment',
    name: 'Municipal Equipment',
    abbr: 'ME',
    kind: 'Municipal Machine',
    family: 'sweeper',
    share: 2,
    price: [14999, 129999],
    weightKg: [600, 4500],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['MC', 'Compact Street Sweeper'],
        ['MIC', 'Municipal Multi-Purpose Machine'],
        ['WRM', 'Weed Remover'],
      ]);
      return [`${p} ${50 + round(t * 200, 10)}`, noun];
    },
  },
  {
    id: 14,
    audience: 'P',
    code: 'vehicle-cleaning-systems',
    name: 'Vehicle Cleaning Systems',
    abbr: 'VS',
    kind: 'Vehicle Wash',
    family: 'industrial',
    share: 2,
    price: [24999, 199999],
    weightKg: [400, 3500],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['CB', 'Gantry Car Wash'],
        ['SB', 'Self-Service Wash Bay'],
        ['CWB', 'Commercial Vehicle Wash'],
      ]);
      return [`${p} ${1 + Math.floor(t * 5)}`, noun];
    },
  },
  {
    id: 15,
    audience: 'P',
    code: 'water-reclamation',
    name: 'Water Reclamation',
    abbr: 'WR',
    kind: 'Water Recycling',
    family: 'industrial',
    share: 1,
    price: [1999, 19999],
    weightKg: [60, 600],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['WRP', 'Water Recycling System'],
        ['OS', 'Oil Separator'],
      ]);
      return [`${p} ${r.pick([100, 200, 400, 800, 1000].filter((x) => x <= 200 + t * 900))}`, noun];
    },
  },
  {
    id: 16,
    audience: 'P',
    code: 'parts-cleaning',
    name: 'Parts Cleaning',
    abbr: 'PC',
    kind: 'Parts Washer',
    family: 'industrial',
    share: 1,
    price: [499, 4999],
    weightKg: [25, 250],
    model: (r, t) => [`PC ${60 + round(t * 100, 20)}/${r.pick([8, 20, 40])}`, 'Parts Washer'],
  },
  {
    id: 17,
    audience: 'P',
    code: 'tank-cleaning-systems',
    name: 'Tank Cleaning Systems',
    abbr: 'TC',
    kind: 'Tank Cleaning',
    family: 'industrial',
    share: 1,
    price: [999, 9999],
    weightKg: [2, 60],
    model: (r, t) => [
      `TC ${100 + round(t * 300, 50)}`,
      r.pick(['Tank Cleaning Head', 'Tank Cleaning System', 'Rotating Tank Washer']),
    ],
  },
  {
    id: 18,
    audience: 'P',
    code: 'air-purifiers',
    name: 'Air Purifiers',
    abbr: 'AP',
    kind: 'Air Purifier',
    family: 'industrial',
    share: 1,
    price: [299, 1999],
    weightKg: [6, 40],
    model: (r, t) => [join(`AF ${20 + round(t * 80, 10)}`, r.pick(['', 'Plus'])), 'Air Purifier'],
  },
  {
    id: 19,
    audience: 'P',
    code: 'consumables',
    name: 'Consumables',
    abbr: 'CN',
    kind: 'Consumable',
    family: 'accessory',
    share: 4,
    price: [9.99, 249],
    weightKg: [0.1, 25],
    model: (r) =>
      pickModel(r, [
        ['FB 10', 'Fleece Filter Bags (10 pcs)'],
        ['PB 5', 'Paper Filter Bags (5 pcs)'],
        ['PAD 430', 'Scrubbing Pad Set, Red, 430 mm'],
        ['BRM 550', 'Roller Brush, Medium'],
        ['SQ 900', 'Squeegee Blade Set'],
        ['HF 14', 'HEPA Filter H14'],
        ['MP 10', 'Microfibre Pads (10 pcs)'],
        ['ST 25', 'Salt Tablets, 25 kg'],
      ]),
  },
  {
    id: 20,
    audience: 'P',
    code: 'professional-landscape-management',
    name: 'Professional Landscape Management',
    abbr: 'LM',
    kind: 'Landscape Tool',
    family: 'garden',
    share: 2,
    price: [299, 1499],
    weightKg: [2, 15],
    model: (r) => {
      const [p, noun] = pickModel(r, [
        ['HT 36', 'Battery Hedge Trimmer'],
        ['LB 930', 'Battery Leaf Blower'],
        ['BCU 260', 'Battery Brush Cutter'],
        ['CS 330', 'Battery Chainsaw'],
        ['BP 400', 'Battery Backpack Power Pack'],
        ['MT 36', 'Battery Multi-Tool'],
      ]);
      return [`${p}/${r.pick([36, 50])}`, noun];
    },
  },
  {
    id: 21,
    audience: 'P',
    code: 'accessories',
    name: 'Accessories',
    abbr: 'AC',
    kind: 'Accessory',
    family: 'accessory',
    share: 9,
    price: [19.99, 799],
    weightKg: [0.1, 12],
    model: (r) =>
      pickModel(r, [
        ['RN 25', 'Rotary Nozzle'],
        ['TG 200', 'Trigger Gun'],
        ['FN 1', 'Foam Nozzle'],
        ['PCH 20', 'Pipe Cleaning Hose, 20 m'],
        ['HRK 40', 'Hose Reel Kit'],
        ['TL 4', 'Telescopic Lance, 4 m'],
        ['FR 30', 'Surface Cleaner'],
        ['HP 15', 'High-Pressure Hose, 15 m'],
        ['SH 5', 'Suction Hose, 5 m'],
        ['FN 350', 'Floor Nozzle, 350 mm'],
      ]),
  },
  {
    id: 22,
    audience: 'P',
    code: 'detergents',
    name: 'Detergents',
    abbr: 'DT',
    kind: 'Detergent',
    family: 'detergent',
    share: 5,
    price: [9.99, 599],
    weightKg: [1, 220],
    model: (r, t) => {
      const product = r.pick([
        'Active Cleaner Alkaline',
        'Hot Wax',
        'Vehicle Foam Cleaner',
        'Floor Cleaner Eco',
        'Maintenance Cleaner',
        'Carpet Cleaner Powder',
        'Limescale Remover',
        'Heavy-Duty Degreaser',
        'Sanitary Cleaner',
        'Glass Cleaner',
      ]);
      const size = ['1 l', '5 l', '10 l', '20 l', '200 l'][Math.min(4, Math.floor(t * 5))] ?? '5 l';
      return [`${product} RM ${r.int(10, 99)} ${size}`, 'Detergent'];
    },
  },
  {
    id: 23,
    audience: 'P',
    code: 'dry-ice-cleaning',
    name: 'Dry Ice Cleaning',
    abbr: 'DI',
    kind: 'Dry Ice Blaster',
    family: 'industrial',
    share: 1,
    price: [7999, 24999],
    weightKg: [40, 120],
    model: (r, t) => [`IB ${7 + Math.floor(t * 10)}/${r.pick([80, 120, 160])}`, 'Dry Ice Blaster'],
  },
  // Home & Garden (parent 7).
  {
    id: 24,
    audience: 'HG',
    code: 'pressure-washer',
    name: 'Pressure Washers',
    abbr: 'PW',
    kind: 'Pressure Washer',
    family: 'pressure',
    share: 10,
    price: [69, 649],
    weightKg: [3.5, 25],
    cycle: ['compact-pressure-washers', null, 'premium-pressure-washers', null, null],
    model: (r, t, child) => {
      const n = 2 + Math.floor(t * 6);
      if (child === 'compact-pressure-washers')
        return [join(`K ${Math.min(n, 4)} Compact`), 'Pressure Washer'];
      if (child === 'premium-pressure-washers') {
        const v = r.pick(['Premium Power Control', 'Premium Smart Control', 'Premium Full Control Plus']);
        return [`K ${Math.max(n, 4)} ${v}`, 'Pressure Washer'];
      }
      return [join(`K ${n}`, r.pick(HG_PW_VARIANTS)), 'Pressure Washer'];
    },
  },
  {
    id: 25,
    audience: 'HG',
    code: 'wet-dry-vacuum-cleaners',
    name: 'Wet & Dry Vacuum Cleaners',
    abbr: 'WD',
    kind: 'Wet & Dry Vacuum',
    family: 'vacuum',
    share: 7,
    price: [49, 399],
    weightKg: [3.5, 12],
    model: (r, t) => [
      join(`WD ${1 + Math.floor(t * 6)}`, r.pick(['', 'P', 'Premium', 'P Premium', 'Cordless Battery Set'])),
      'Wet & Dry Vacuum',
    ],
  },
  {
    id: 26,
    audience: 'HG',
    code: 'specialized-vacuum',
    name: 'Specialised Vacuum Cleaners',
    abbr: 'SV',
    kind: 'Vacuum Cleaner',
    family: 'vacuum',
    share: 4,
    price: [59, 449],
    weightKg: [1.2, 8],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['AD', 'Ash & Dry Vacuum'],
        ['VC', 'Cordless Handheld Vacuum'],
        ['VC', 'Upright Vacuum Cleaner'],
        ['CVH', 'Handheld Vacuum'],
        ['DS', 'Water Filter Vacuum'],
      ]);
      return [join(`${p} ${2 + Math.floor(t * 5)}`, r.pick(['', 'Premium', 'Plus'])), noun];
    },
  },
  {
    id: 27,
    audience: 'HG',
    code: 'steam-cleaners',
    name: 'Steam Cleaners',
    abbr: 'SC',
    kind: 'Steam Cleaner',
    family: 'steam',
    share: 5,
    price: [69, 499],
    weightKg: [1.5, 7],
    model: (r, t) => [
      join(
        `SC ${1 + Math.floor(t * 5)}`,
        r.pick(['', 'EasyFix', 'Deluxe', 'Upright EasyFix', 'Premium Iron Kit']),
      ),
      'Steam Cleaner',
    ],
  },
  {
    id: 28,
    audience: 'HG',
    code: 'push-sweepers',
    name: 'Push Sweepers',
    abbr: 'PS',
    kind: 'Push Sweeper',
    family: 'sweeper',
    share: 2,
    price: [69, 249],
    weightKg: [6, 14],
    model: (r, t) => [join(`S ${t < 0.5 ? 4 : 6}`, r.pick(['', 'Twin', 'Duo', 'Plus'])), 'Push Sweeper'],
  },
  {
    id: 29,
    audience: 'HG',
    code: 'window-vac',
    name: 'Window Vacs',
    abbr: 'WV',
    kind: 'Window Vac',
    family: 'window',
    share: 4,
    price: [39, 129],
    weightKg: [0.5, 1.2],
    cycle: [null, null, 'wv-black-edition'],
    model: (r, t, child) => {
      const n = 1 + Math.floor(t * 6);
      if (child === 'wv-black-edition') return [`WV ${Math.max(n, 2)} Black Edition`, 'Window Vac'];
      return [join(`WV ${n}`, r.pick(['', 'Plus', 'Premium', 'Plus N'])), 'Window Vac'];
    },
  },
  {
    id: 30,
    audience: 'HG',
    code: 'hard-floor-cleaners',
    name: 'Hard Floor Cleaners',
    abbr: 'HF',
    kind: 'Hard Floor Cleaner',
    family: 'floor',
    share: 3,
    price: [149, 449],
    weightKg: [3, 7],
    model: (r, t) => [
      join(`FC ${2 + Math.floor(t * 6)}`, r.pick(['', 'Cordless', 'Cordless Premium', 'Premium'])),
      'Hard Floor Cleaner',
    ],
  },
  {
    id: 31,
    audience: 'HG',
    code: 'electric-wiping-mop',
    name: 'Electric Wiping Mops',
    abbr: 'EM',
    kind: 'Electric Wiping Mop',
    family: 'floor',
    share: 1,
    price: [99, 199],
    weightKg: [1.5, 3],
    model: (r, t) => [join(`EWM ${t < 0.5 ? 1 : 2}`, r.pick(['', 'Premium'])), 'Electric Wiping Mop'],
  },
  {
    id: 32,
    audience: 'HG',
    code: 'garden-tools',
    name: 'Garden Tools',
    abbr: 'GT',
    kind: 'Garden Tool',
    family: 'garden',
    share: 4,
    price: [49, 449],
    weightKg: [1.5, 25],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['HGE', 'Battery Hedge Trimmer'],
        ['LMO', 'Battery Lawn Mower'],
        ['LTR', 'Battery Grass Trimmer'],
        ['LBL', 'Battery Leaf Blower'],
        ['CNS', 'Battery Chainsaw'],
        ['TLO', 'Battery Pruning Lopper'],
      ]);
      return [`${p} 18-${20 + 10 * Math.floor(t * 4)}`, noun];
    },
  },
  {
    id: 33,
    audience: 'HG',
    code: 'drainage-pumps',
    name: 'Drainage Pumps',
    abbr: 'DP',
    kind: 'Pump',
    family: 'pump',
    share: 2,
    price: [49, 399],
    weightKg: [3, 15],
    model: (r, t) => {
      const [p, noun] = pickModel(r, [
        ['SP', 'Dirty Water Pump'],
        ['SP', 'Clear Water Pump'],
        ['BP', 'Garden Pump'],
        ['BP', 'Submersible Pressure Pump'],
      ]);
      return [`${p} ${1 + Math.floor(t * 9)}.${r.pick(['000', '500'])}`, noun];
    },
  },
  {
    id: 34,
    audience: 'HG',
    code: 'mobile-cleaning',
    name: 'Mobile Cleaning',
    abbr: 'MC',
    kind: 'Mobile Cleaner',
    family: 'pressure',
    share: 2,
    price: [99, 229],
    weightKg: [2, 5],
    model: (r, t) => [
      join(`OC ${3 + Math.floor(t * 4)}`, r.pick(['', 'Plus', 'Bike Box', 'Adventure'])),
      'Mobile Outdoor Cleaner',
    ],
  },
  {
    id: 35,
    audience: 'HG',
    code: 'watering-systems',
    name: 'Watering Systems',
    abbr: 'WA',
    kind: 'Watering',
    family: 'garden',
    share: 0,
    price: [9.99, 99],
    weightKg: [0.2, 3],
    model: () => ['', 'Watering System'],
  },
  {
    id: 36,
    audience: 'HG',
    code: 'accessories',
    name: 'Accessories',
    abbr: 'AC',
    kind: 'Accessory',
    family: 'accessory',
    share: 10,
    price: [4.99, 199],
    weightKg: [0.05, 6],
    model: (r) =>
      pickModel(r, [
        ['PS 30', 'Patio Cleaner'],
        ['T 5', 'Surface Cleaner'],
        ['WB 150', 'Rotating Wash Brush'],
        ['VP 180', 'Vario Power Jet Pipe'],
        ['DB 145', 'Dirt Blaster'],
        ['H 10 Q', 'High-Pressure Hose, 10 m'],
        ['PC 7.5', 'Pipe Cleaning Kit, 7.5 m'],
        ['FB 4', 'Fleece Filter Bags (4 pcs)'],
        ['CF 200', 'Cartridge Filter'],
        ['MC 2', 'Microfibre Cloth Set'],
        ['SB 1', 'Window Vac Spray Bottle'],
        ['HN 5', 'Steam Cleaner Nozzle Set'],
        ['BP 18/25', 'Battery Pack 18 V / 2.5 Ah'],
        ['QC 18', 'Quick Charger 18 V'],
        ['HR 7.315', 'Hose Reel'],
        ['WF 1', 'Water Filter'],
      ]),
  },
  {
    id: 37,
    audience: 'HG',
    code: 'detergents',
    name: 'Detergents',
    abbr: 'DT',
    kind: 'Detergent',
    family: 'detergent',
    share: 6,
    price: [4.99, 49.99],
    weightKg: [0.5, 5.5],
    model: (r, t) => {
      const product = r.pick([
        'Universal Cleaner',
        'Stone & Façade Cleaner',
        'Car Shampoo',
        'Patio & Deck Cleaner',
        'Glass Cleaner Concentrate',
        'Wood Floor Care',
        'Wheel Rim Cleaner',
        'Insect Remover',
        'Plastic Cleaner',
        'Multi-Purpose Descaler',
      ]);
      const size = ['500 ml', '1 l', '2.5 l', '5 l'][Math.min(3, Math.floor(t * 4))] ?? '1 l';
      return [`${product} ${size}`, 'Detergent'];
    },
  },
];

const THIRD_LEVEL_DEFS: readonly ThirdLevelDef[] = [
  {
    id: 38,
    parentId: 24,
    code: 'compact-pressure-washers',
    name: 'Compact Pressure Washers',
    isActive: true,
  },
  {
    id: 39,
    parentId: 24,
    code: 'premium-pressure-washers',
    name: 'Premium Pressure Washers',
    isActive: true,
  },
  { id: 40, parentId: 29, code: 'wv-black-edition', name: 'WV Black Edition', isActive: true },
  {
    id: 41,
    parentId: 4,
    code: 'hot-water-pressure-washers',
    name: 'Hot Water Pressure Washers',
    isActive: true,
  },
  { id: 42, parentId: 11, code: 'ride-on-scrubber-dryers', name: 'Ride-on Scrubber Dryers', isActive: true },
  // The deliberately inactive category (is_active false); it still holds a few products.
  { id: 43, parentId: 4, code: 'discontinued-models', name: 'Discontinued Models', isActive: false },
];

/** Code, name and id of every second-level category, e.g. for mapping storefront codes to ids. */
export const SUB_CATEGORIES: readonly {
  id: number;
  parentId: number;
  code: string;
  name: string;
}[] = SUB_CATEGORY_DEFS.map((d) => ({
  id: d.id,
  parentId: d.audience === 'HG' ? HOME_GARDEN_CATEGORY_ID : PROFESSIONAL_CATEGORY_ID,
  code: d.code,
  name: d.name,
}));

/** The one sub-category that is deliberately left without products. */
export const EMPTY_SUB_CATEGORY = { parentId: HOME_GARDEN_CATEGORY_ID, code: 'watering-systems' } as const;

function buildCategories(): SeedCategory[] {
  const categories: SeedCategory[] = [
    { id: ROOT_CATALOG_ID, parentId: 0, name: 'Root Catalog', urlKey: '', isActive: true, position: 1 },
    {
      id: DEFAULT_CATEGORY_ID,
      parentId: ROOT_CATALOG_ID,
      name: 'Default Category',
      urlKey: '',
      isActive: true,
      position: 1,
    },
    {
      id: PROFESSIONAL_CATEGORY_ID,
      parentId: DEFAULT_CATEGORY_ID,
      name: 'Professional',
      urlKey: 'professional',
      isActive: true,
      position: 2,
    },
    {
      id: HOME_GARDEN_CATEGORY_ID,
      parentId: DEFAULT_CATEGORY_ID,
      name: 'Home & Garden',
      urlKey: 'home-garden',
      isActive: true,
      position: 1,
    },
  ];
  const positions = new Map<number, number>();
  const nextPosition = (parentId: number): number => {
    const p = (positions.get(parentId) ?? 0) + 1;
    positions.set(parentId, p);
    return p;
  };
  for (const d of SUB_CATEGORY_DEFS) {
    const parentId = d.audience === 'HG' ? HOME_GARDEN_CATEGORY_ID : PROFESSIONAL_CATEGORY_ID;
    categories.push({
      id: d.id,
      parentId,
      name: d.name,
      urlKey: d.code,
      isActive: true,
      position: nextPosition(parentId),
    });
  }
  for (const t of THIRD_LEVEL_DEFS) {
    categories.push({
      id: t.id,
      parentId: t.parentId,
      name: t.name,
      urlKey: t.code,
      isActive: t.isActive,
      position: nextPosition(t.parentId),
    });
  }
  return categories.sort((a, b) => a.id - b.id);
}

// ---------------------------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------------------------

/** Technical-data attributes: [code, frontend label]. */
const TECHNICAL_ATTRIBUTES: readonly (readonly [string, string])[] = [
  ['weight_kg', 'Weight (kg)'],
  ['dimensions_mm', 'Dimensions (L × W × H) (mm)'],
  ['voltage_v', 'Voltage (V)'],
  ['frequency_hz', 'Frequency (Hz)'],
  ['power_w', 'Power (W)'],
  ['cable_length_m', 'Cable length (m)'],
  ['pressure_bar', 'Pressure (bar)'],
  ['max_pressure_bar', 'Max. pressure (bar)'],
  ['flow_rate_lh', 'Max. flow rate (l/h)'],
  ['inlet_temperature_c', 'Max. inlet temperature (°C)'],
  ['hose_length_m', 'High-pressure hose length (m)'],
  ['tank_capacity_l', 'Tank capacity (l)'],
  ['fresh_water_tank_l', 'Fresh water tank (l)'],
  ['dirty_water_tank_l', 'Dirty water tank (l)'],
  ['working_width_mm', 'Working width (mm)'],
  ['area_performance_m2h', 'Area performance (m²/h)'],
  ['sound_pressure_db', 'Sound pressure level (dB(A))'],
  ['battery_voltage_v', 'Battery voltage (V)'],
  ['battery_run_time_min', 'Battery run time (min)'],
  ['charging_time_min', 'Charging time (min)'],
  ['air_flow_ls', 'Air flow (l/s)'],
  ['vacuum_mbar', 'Vacuum (mbar)'],
  ['filter_class', 'Filter class'],
  ['container_volume_l', 'Container volume (l)'],
  ['heating_time_min', 'Heating-up time (min)'],
  ['steam_pressure_bar', 'Steam pressure (bar)'],
  ['brush_speed_rpm', 'Brush speed (rpm)'],
  ['delivery_height_m', 'Max. delivery height (m)'],
  ['grain_size_mm', 'Max. grain size (mm)'],
  ['immersion_depth_m', 'Max. immersion depth (m)'],
  ['cutting_length_mm', 'Cutting length (mm)'],
  ['heating_output_kw', 'Heating output (kW)'],
  ['fuel_tank_l', 'Fuel tank (l)'],
  ['ph_value', 'pH value'],
  ['container_size', 'Container size'],
  ['dilution', 'Dilution ratio'],
  ['compatible_with', 'Compatible with'],
  ['material', 'Material'],
  ['colour', 'Colour'],
];

/** Codes of the technical-data attributes (rendered as Specifications rows). */
export const TECHNICAL_ATTRIBUTE_CODES: readonly string[] = TECHNICAL_ATTRIBUTES.map(([code]) => code);

function buildAttributes(): SeedAttribute[] {
  const attr = (
    code: string,
    label: string,
    frontendInput: string,
    backendType: string,
    isUserDefined: boolean,
    isTechnical = false,
  ): SeedAttribute => ({ code, label, frontendInput, backendType, isUserDefined, isTechnical });
  const attributes: SeedAttribute[] = [
    attr('name', 'Product Name', 'text', 'varchar', false),
    attr('sku', 'SKU', 'text', 'static', false),
    attr('price', 'Price', 'price', 'decimal', false),
    attr('status', 'Enable Product', 'boolean', 'int', false),
    attr('visibility', 'Visibility', 'select', 'int', false),
    attr('weight', 'Weight', 'weight', 'decimal', false),
    attr('url_key', 'URL Key', 'text', 'varchar', false),
    attr('description', 'Description', 'textarea', 'text', false),
    attr('short_description', 'Short Description', 'textarea', 'text', false),
    attr('image', 'Base', 'media_image', 'varchar', false),
    attr('small_image', 'Small', 'media_image', 'varchar', false),
    attr('thumbnail', 'Thumbnail', 'media_image', 'varchar', false),
    attr('supplier_code', 'Model n', 'text', 'varchar', true),
    // The shop's own price attributes hold two-decimal strings ("149.99"), so they are text/varchar.
    attr('list_price', 'List price (incl VAT)', 'text', 'varchar', true),
    attr('sales_price', 'Sales price (excl VAT)', 'text', 'varchar', true),
    attr('sale_price', 'Sale price (incl VAT)', 'text', 'varchar', true),
    attr('full_list_price', 'Full list price (incl VAT)', 'text', 'varchar', true),
    attr('full_sale_price', 'Full sale price (excl VAT)', 'text', 'varchar', true),
    attr('equipmentAttr', 'Equipment', 'textarea', 'text', true),
    attr('applications_attrib', 'Applications', 'textarea', 'text', true),
  ];
  for (let i = 1; i <= 10; i++) {
    attributes.push(attr(`documentationAttr${i}`, `Documentation ${i}`, 'text', 'varchar', true));
  }
  for (const [code, label] of TECHNICAL_ATTRIBUTES) {
    attributes.push(attr(code, label, 'text', 'varchar', true, true));
  }
  return attributes;
}

// ---------------------------------------------------------------------------------------------
// Product families: technical data, equipment, applications, marketing copy
// ---------------------------------------------------------------------------------------------

const FAMILIES: Record<FamilyName, FamilyDef> = {
  pressure: {
    role: 'machine',
    colour: '#f5c400',
    tech: [
      'weight_kg',
      'pressure_bar',
      'max_pressure_bar',
      'flow_rate_lh',
      'power_w',
      'voltage_v',
      'frequency_hz',
      'inlet_temperature_c',
      'hose_length_m',
      'cable_length_m',
      'area_performance_m2h',
      'sound_pressure_db',
      'heating_output_kw',
      'dimensions_mm',
    ],
    equipment: [
      'Trigger gun',
      'High-pressure hose, 6 m',
      'High-pressure hose, 10 m',
      'Vario Power jet pipe',
      'Dirt Blaster',
      'Water filter',
      'Quick Connect',
      'Hose reel',
      'Detergent tank',
      'Surface cleaner',
      'Rotating wash brush',
    ],
    applications: [
      'Cars',
      'Garden furniture',
      'Patios',
      'Bicycles',
      'Fences',
      'Garden walls',
      'Driveways',
      'Caravans',
      'Agricultural machinery',
      'Construction equipment',
    ],
    pitches: [
      'removes stubborn dirt from patios, vehicles and garden furniture in no time',
      'combines high cleaning performance with low water consumption',
      'adjusts the pressure to the surface at the turn of the trigger',
      'is built for frequent use and starts reliably every time',
    ],
    features: [
      'Pressure adjustable on the spray gun',
      'Water-cooled motor for a long service life',
      'Integrated detergent tank',
      'Quick Connect couplings for fast set-up',
      'Large wheels for easy transport',
      'Hose and cable storage on the machine',
      'Up to 50 % less water than a garden hose',
    ],
  },
  vacuum: {
    role: 'machine',
    colour: '#3b7dd8',
    tech: [
      'weight_kg',
      'power_w',
      'tank_capacity_l',
      'air_flow_ls',
      'vacuum_mbar',
      'filter_class',
      'cable_length_m',
      'voltage_v',
      'frequency_hz',
      'sound_pressure_db',
      'battery_run_time_min',
      'dimensions_mm',
    ],
    equipment: [
      'Suction hose, 2.2 m',
      'Suction tubes, 2 × 0.5 m',
      'Floor nozzle with rubber inserts',
      'Crevice nozzle',
      'Cartridge filter',
      'Fleece filter bag',
      'Blower function',
      'Power socket with automatic switch-on',
      'Parking position',
    ],
    applications: [
      'Workshops',
      'Cellars',
      'Garages',
      'Car interiors',
      'Building sites',
      'Offices',
      'Hotels',
      'Fireplaces',
    ],
    pitches: [
      'picks up wet and dry dirt without changing the filter',
      'offers high suction power in a robust, compact design',
      'cleans the filter at the push of a button for constant suction power',
      'is the reliable all-rounder for home, workshop and car',
    ],
    features: [
      'Patented filter removal without contact with dirt',
      'Shock-proof, rust-free container',
      'Flat pleated filter for wet and dry vacuuming',
      'Ergonomic carrying handle',
      'Cable hook and accessory storage',
      'Semi-automatic filter cleaning',
    ],
  },
  steam: {
    role: 'machine',
    colour: '#e4572e',
    tech: [
      'weight_kg',
      'steam_pressure_bar',
      'power_w',
      'heating_time_min',
      'tank_capacity_l',
      'area_performance_m2h',
      'cable_length_m',
      'voltage_v',
      'frequency_hz',
      'dimensions_mm',
    ],
    equipment: [
      'Floor nozzle',
      'Hand nozzle',
      'Point jet nozzle',
      'Round brush',
      'Floor cloth',
      'Terry cloth cover',
      'Descaling cartridge',
      'Extension tubes, 2 × 0.5 m',
    ],
    applications: [
      'Kitchens',
      'Bathrooms',
      'Tiles and grout',
      'Windows',
      'Hobs and extractor hoods',
      'Sealed hard floors',
      'Commercial kitchens',
    ],
    pitches: [
      'removes up to 99.99 % of common household bacteria using only water',
      'cleans without chemicals and is ready to use in seconds',
      'loosens grease and limescale with hot steam',
      'is refillable at any time thanks to its continuous operation',
    ],
    features: [
      'Child-proof safety lock',
      'Two-stage steam regulation',
      'Removable water tank',
      'Descaling cartridge included',
      'Continuous operation with refillable tank',
    ],
  },
  floor: {
    role: 'machine',
    colour: '#17a398',
    tech: [
      'weight_kg',
      'working_width_mm',
      'area_performance_m2h',
      'fresh_water_tank_l',
      'dirty_water_tank_l',
      'brush_speed_rpm',
      'power_w',
      'battery_voltage_v',
      'battery_run_time_min',
      'sound_pressure_db',
      'voltage_v',
      'dimensions_mm',
    ],
    equipment: [
      'Roller brushes',
      'Disc brush',
      'Squeegee',
      'Fresh water tank',
      'Dirty water tank',
      'Cleaning and storage station',
      'Battery',
      'Charger',
      'Detergent dosing',
    ],
    applications: [
      'Tiles',
      'Laminate',
      'Stone floors',
      'Vinyl and PVC',
      'Sealed wooden floors',
      'Warehouses',
      'Supermarkets',
      'Car parks',
      'Carpets',
      'Upholstery',
    ],
    pitches: [
      'vacuums and wipes in a single step',
      'leaves floors dry and walkable in about two minutes',
      'cleans large areas quickly with low water and detergent consumption',
      'separates fresh and dirty water for hygienic results',
    ],
    features: [
      'Two-tank technology',
      'Self-cleaning function',
      'Cleans close to the edge on both sides',
      'Easy-to-remove tanks',
      'Intuitive one-button operation',
      'Eco mode for longer run times',
    ],
  },
  sweeper: {
    role: 'machine',
    colour: '#7b5ea7',
    tech: [
      'weight_kg',
      'working_width_mm',
      'area_performance_m2h',
      'container_volume_l',
      'battery_run_time_min',
      'fuel_tank_l',
      'sound_pressure_db',
      'power_w',
      'dimensions_mm',
    ],
    equipment: [
      'Side brush',
      'Main roller',
      'Waste container',
      'Flat pleated filter',
      'Manual filter cleaning',
      'Foldable push handle',
      'Height adjustment',
    ],
    applications: [
      'Driveways',
      'Pavements',
      'Courtyards',
      'Car parks',
      'Factory halls',
      'Town centres',
      'Public parks',
    ],
    pitches: [
      'sweeps up to three times faster than a broom',
      'collects fine dust and coarse dirt in one pass',
      'cleans outdoor areas comfortably and without dust',
      'keeps large outdoor areas clean with minimal effort',
    ],
    features: [
      'Side brushes for cleaning edges',
      'Large waste container',
      'Height-adjustable handle',
      'Space-saving upright storage',
      'Low-noise operation',
    ],
  },
  window: {
    role: 'machine',
    colour: '#2bb5e0',
    tech: [
      'weight_kg',
      'battery_run_time_min',
      'battery_voltage_v',
      'charging_time_min',
      'working_width_mm',
      'dirty_water_tank_l',
      'area_performance_m2h',
      'dimensions_mm',
    ],
    equipment: [
      'Suction nozzle, 280 mm',
      'Suction nozzle, 170 mm',
      'Spray bottle with wiping pad',
      'Microfibre cover',
      'Charger',
      'Window cleaner concentrate',
    ],
    applications: ['Windows', 'Mirrors', 'Tiles', 'Shower cubicles', 'Glass tables', 'Shop windows'],
    pitches: [
      'leaves windows streak-free and dry in no time',
      'is three times faster than conventional window cleaning',
      'picks up the dirty water so nothing drips',
      'is light, cordless and ready to use at any time',
    ],
    features: [
      'Battery level indicator',
      'Exchangeable battery',
      'Drip-free cleaning',
      'Easy-to-empty dirty water tank',
      'Suitable for all smooth surfaces',
    ],
  },
  garden: {
    role: 'machine',
    colour: '#4caf50',
    tech: [
      'weight_kg',
      'battery_voltage_v',
      'battery_run_time_min',
      'charging_time_min',
      'cutting_length_mm',
      'working_width_mm',
      'sound_pressure_db',
      'dimensions_mm',
    ],
    equipment: ['Battery', 'Quick charger', 'Blade guard', 'Shoulder strap', 'Spare blade', 'Grass box'],
    applications: ['Hedges', 'Lawns', 'Shrubs', 'Borders', 'Leaves on paths', 'Parks and green spaces'],
    pitches: [
      'runs on the interchangeable 18 V battery platform',
      'is quiet, light and free of exhaust fumes',
      'makes garden work easy without a cable getting in the way',
      'offers long run times for larger gardens',
    ],
    features: [
      'Interchangeable battery system',
      'Battery level display',
      'Ergonomic soft-grip handle',
      'Low noise and zero emissions',
      'Tool-free adjustment',
    ],
  },
  pump: {
    role: 'machine',
    colour: '#1f5fa8',
    tech: [
      'weight_kg',
      'flow_rate_lh',
      'delivery_height_m',
      'immersion_depth_m',
      'grain_size_mm',
      'power_w',
      'cable_length_m',
      'voltage_v',
      'frequency_hz',
      'dimensions_mm',
    ],
    equipment: [
      'Float switch',
      'Multi-adapter connection',
      'Carrying handle',
      'Non-return valve',
      'Pre-filter',
    ],
    applications: [
      'Flooded cellars',
      'Garden ponds',
      'Pools',
      'Water butts',
      'Garden irrigation',
      'Building pits',
    ],
    pitches: [
      'pumps out dirty water with particles up to a large grain size',
      'switches on and off automatically with its float switch',
      'drains flooded rooms down to a few millimetres',
      'supplies the garden with rainwater from the tank',
    ],
    features: [
      'Automatic operation with float switch',
      'Quick Connect hose connection',
      'Corrosion-resistant housing',
      'Thermal overload protection',
      'Flat suction down to 1 mm',
    ],
  },
  industrial: {
    role: 'machine',
    colour: '#5c6b7a',
    tech: [
      'weight_kg',
      'power_w',
      'voltage_v',
      'frequency_hz',
      'flow_rate_lh',
      'pressure_bar',
      'tank_capacity_l',
      'heating_output_kw',
      'air_flow_ls',
      'filter_class',
      'sound_pressure_db',
      'dimensions_mm',
    ],
    equipment: [
      'Control panel with display',
      'Operating hours counter',
      'Stainless steel housing',
      'Frost protection',
      'Remote maintenance interface',
      'Installation kit',
    ],
    applications: [
      'Car dealerships',
      'Vehicle fleets',
      'Food industry',
      'Metalworking',
      'Production facilities',
      'Public buildings',
      'Schools and offices',
    ],
    pitches: [
      'is designed for continuous commercial use',
      'reduces operating costs with efficient resource consumption',
      'integrates easily into existing processes',
      'meets the highest demands on cleanliness and hygiene',
    ],
    features: [
      'Robust industrial design',
      'Low maintenance',
      'Service-friendly access to all components',
      'Energy-efficient operation',
      'Available as leasing or rental',
    ],
  },
  detergent: {
    role: 'detergent',
    colour: '#f08a24',
    tech: ['container_size', 'ph_value', 'dilution', 'colour'],
    equipment: [],
    applications: [
      'Cars',
      'Patios',
      'Stone and façades',
      'Windows',
      'Floors',
      'Sanitary areas',
      'Vehicle fleets',
      'Workshops',
    ],
    pitches: [
      'dissolves dirt gently and effectively',
      'is biodegradable and kind to materials',
      'is optimally matched to our machines',
      'cleans thoroughly and protects surfaces from new soiling',
    ],
    features: [
      'Highly concentrated for economical use',
      'Phosphate-free formula',
      'Plug ’n’ Clean bottle for a quick change',
      'Pleasant fragrance',
    ],
  },
  accessory: {
    role: 'accessory',
    colour: '#9aa5b1',
    tech: ['compatible_with', 'weight_kg', 'material', 'colour', 'dimensions_mm'],
    equipment: ['Adapter', 'Storage bag', 'Spare seals'],
    applications: ['Patios', 'Cars', 'Workshops', 'Floors', 'Windows', 'Gutters', 'Drain pipes'],
    pitches: [
      'extends the range of applications of your machine',
      'is the original accessory for a perfect fit',
      'makes cleaning faster and more comfortable',
      'replaces worn parts in a few seconds',
    ],
    features: [
      'Easy to attach',
      'Durable, high-quality materials',
      'Tool-free installation',
      'Fits all current models of the series',
    ],
  },
};

const SPARE_PARTS: readonly Model[] = [
  ['SP 9', 'Replacement O-Ring Set'],
  ['NZ 25', 'Spare Nozzle Insert'],
  ['SK 4', 'Pump Seal Kit'],
  ['BR 30', 'Replacement Brush Roller'],
  ['SL 2', 'Spare Squeegee Lips'],
  ['FS 1', 'Float Switch'],
];

const COMPATIBLE: Record<Audience, readonly string[]> = {
  HG: [
    'K 2 – K 7 pressure washers',
    'WD 2 – WD 6 vacuums',
    'SC 1 – SC 5 steam cleaners',
    'WV 2 – WV 6 window vacs',
    'FC 3 – FC 7 hard floor cleaners',
    'All 18 V battery tools',
  ],
  P: [
    'All HD/HDS models',
    'NT 22 – NT 90 vacuums',
    'B 40 – B 250 scrubber dryers',
    'KM 70 – KM 150 sweepers',
    'SG 4 – SG 8 steam cleaners',
  ],
};

const DOC_TITLES: readonly string[] = [
  'Operating manual',
  'Safety instructions',
  'Product data sheet',
  'EU declaration of conformity',
  'Spare parts list',
];

const MALICIOUS_SNIPPETS: readonly string[] = [
  '<img src=x onerror="alert(1)">',
  "<script>alert('xss')</script>",
  '<p><a href="javascript:alert(1)">More information</a></p>',
  '<p onclick="alert(1)">Click for details</p>',
  '<iframe src="https://evil.example.com/"></iframe>',
];

interface TechContext {
  r: Random;
  t: number;
  audience: Audience;
  def: SubCategoryDef;
  weight: number;
  size: string | undefined;
  model: string;
}

type TechGen = (c: TechContext) => string;

const big = (c: TechContext): boolean => c.audience === 'P';

const TECH_VALUES: Record<string, TechGen> = {
  weight_kg: (c) => num(c.weight),
  dimensions_mm: (c) => {
    const s = Math.cbrt(Math.max(c.weight, 0.05)) * 160;
    return `${round(s * c.r.float(1.1, 1.6), 5)} × ${round(s * c.r.float(0.7, 1.1), 5)} × ${round(s * c.r.float(0.9, 1.5), 5)}`;
  },
  voltage_v: (c) => (big(c) && c.weight > 60 ? c.r.pick(['400', '230']) : c.r.pick(['230', '220 - 240'])),
  frequency_hz: (c) => c.r.pick(['50', '50', '50 - 60']),
  power_w: (c) => String(round(big(c) ? lerp(800, 9000, c.t) : lerp(300, 3000, c.t), 10)),
  cable_length_m: (c) => c.r.pick(['4', '5', '7.5', '10', '12.5']),
  pressure_bar: (c) => `20 - ${round(big(c) ? lerp(120, 200, c.t) : lerp(100, 180, c.t), 5)}`,
  max_pressure_bar: (c) => String(round(big(c) ? lerp(130, 220, c.t) : lerp(110, 190, c.t), 5)),
  flow_rate_lh: (c) =>
    c.def.family === 'pump'
      ? String(round(lerp(3000, 16000, c.t), 100))
      : String(round(lerp(340, 1300, c.t), 10)),
  inlet_temperature_c: (c) => (c.model.startsWith('HDS') ? '30' : c.r.pick(['40', '60'])),
  hose_length_m: (c) => (big(c) ? c.r.pick(['10', '15', '20']) : c.r.pick(['5', '6', '8', '10'])),
  tank_capacity_l: (c) =>
    c.def.family === 'steam' ? num(lerp(0.3, big(c) ? 5 : 1.5, c.t)) : String(Math.round(lerp(12, 80, c.t))),
  fresh_water_tank_l: (c) => (big(c) ? String(round(lerp(10, 200, c.t), 5)) : num(lerp(0.2, 1, c.t))),
  dirty_water_tank_l: (c) => (big(c) ? String(round(lerp(10, 200, c.t), 5)) : num(lerp(0.1, 0.7, c.t))),
  working_width_mm: (c) => {
    const f = c.def.family;
    if (f === 'window') return String(c.r.pick([170, 250, 280]));
    if (f === 'garden') return String(round(lerp(300, 500, c.t), 10));
    return String(round(big(c) ? lerp(350, 1500, c.t) : lerp(300, 700, c.t), 10));
  },
  area_performance_m2h: (c) => String(round(big(c) ? lerp(200, 12000, c.t) : lerp(20, 2800, c.t), 10)),
  sound_pressure_db: (c) => String(c.r.int(58, 92)),
  battery_voltage_v: (c) =>
    c.def.family === 'window' ? '3.6' : c.r.pick(big(c) ? ['24', '36'] : ['18', '36']),
  battery_run_time_min: (c) => String(round(lerp(20, 150, c.t), 5)),
  charging_time_min: (c) => String(c.r.pick([60, 90, 120, 185, 240])),
  air_flow_ls: (c) => String(Math.round(lerp(35, 80, c.t))),
  vacuum_mbar: (c) => String(round(lerp(180, 260, c.t), 2)),
  filter_class: (c) => c.r.pick(['L', 'M', 'H', 'HEPA 13', 'HEPA 14']),
  container_volume_l: (c) => String(round(big(c) ? lerp(40, 500, c.t) : lerp(16, 42, c.t), 1)),
  heating_time_min: (c) => num(lerp(0.5, 8, c.t)),
  steam_pressure_bar: (c) => num(lerp(3, big(c) ? 8 : 4.2, c.t)),
  brush_speed_rpm: (c) => String(round(lerp(400, 1800, c.t), 10)),
  delivery_height_m: (c) => String(Math.round(lerp(6, 30, c.t))),
  grain_size_mm: (c) => String(c.r.pick([5, 20, 25, 30])),
  immersion_depth_m: (c) => String(c.r.pick([7, 8, 10, 12])),
  cutting_length_mm: (c) => String(round(lerp(300, 600, c.t), 10)),
  heating_output_kw: (c) => String(round(lerp(45, 150, c.t), 1)),
  fuel_tank_l: (c) => String(round(lerp(10, 50, c.t), 1)),
  ph_value: (c) => num(c.r.float(2, 13)),
  container_size: (c) => c.size ?? '1 l',
  dilution: (c) => c.r.pick(['1:10', '1:20', '1:40', '1:100', '1:200', 'Ready to use']),
  compatible_with: (c) => c.r.pick(COMPATIBLE[c.audience]),
  material: (c) => c.r.pick(['Plastic', 'Stainless steel', 'Brass', 'Aluminium', 'Microfibre', 'Fleece']),
  colour: (c) => c.r.pick(['Yellow', 'Black', 'Anthracite', 'Transparent', 'Blue', 'Green', 'Red']),
};

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

/** Units per category: at least `mins[i]` each when possible, the rest by share (largest remainder). */
function allocate(total: number, shares: readonly number[], mins: readonly number[]): number[] {
  const counts = shares.map(() => 0);
  if (shares.length === 0) return counts;
  const minSum = mins.reduce((a, b) => a + b, 0);
  if (total < minSum) {
    for (let i = 0; i < total; i++) counts[i % shares.length] = (counts[i % shares.length] ?? 0) + 1;
    return counts;
  }
  const rest = total - minSum;
  const sum = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (rest * s) / sum);
  let given = 0;
  exact.forEach((x, i) => {
    const whole = Math.floor(x);
    counts[i] = (mins[i] ?? 0) + whole;
    given += whole;
  });
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; k < rest - given; k++) {
    const i = order[k % order.length]?.i ?? 0;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

/** Leaf categories of a sub-category: its third-level children, then itself (null). */
const leavesOf = (def: SubCategoryDef): (string | null)[] => [
  ...new Set((def.cycle ?? []).filter((c): c is string => c !== null)),
  null,
];

/** The first products of every leaf category are always enabled, visible and in stock. */
const GUARANTEED_GOOD_PER_LEAF = 4;
const RATE_DISABLED = 0.04;
const RATE_OUT_OF_STOCK = 0.06;
const RATE_NOT_VISIBLE = 0.02;
const RATE_NO_LIST_PRICE = 0.3;
const RATE_PROMOTION = 0.06;
const RATE_MALICIOUS_HTML = 0.02;
const RATE_EMPTY_TECH_VALUE = 0.03;

interface Slot {
  def: SubCategoryDef;
  child: ThirdLevelDef | undefined;
  guaranteed: boolean;
}

export function generateCatalogue(options: CatalogueOptions): SeedCatalogue {
  const { seed, brand } = options;
  const productCount = Math.max(0, Math.floor(options.productCount));
  const r = createRandom(seed);
  const categories = buildCategories();
  const attributes = buildAttributes();

  // 1. Which category each product goes to (no randomness: stable shape for a given count).
  const eligible = SUB_CATEGORY_DEFS.filter((d) => d.share > 0);
  const counts = allocate(
    productCount,
    eligible.map((d) => d.share),
    eligible.map((d) => Math.max(6, GUARANTEED_GOOD_PER_LEAF * leavesOf(d).length)),
  );
  const thirdByCode = new Map(THIRD_LEVEL_DEFS.map((t) => [t.code, t]));
  const slots: Slot[] = [];
  eligible.forEach((def, di) => {
    const leaves = leavesOf(def);
    // First fill every leaf round-robin with its guaranteed products, then follow the category's cycle.
    const warmUp = GUARANTEED_GOOD_PER_LEAF * leaves.length;
    const leafCounts = new Map<string, number>();
    for (let i = 0; i < (counts[di] ?? 0); i++) {
      const childCode =
        i < warmUp || !def.cycle
          ? (leaves[i % leaves.length] ?? null)
          : (def.cycle[i % def.cycle.length] ?? null);
      const leafKey = childCode ?? '';
      const seen = leafCounts.get(leafKey) ?? 0;
      leafCounts.set(leafKey, seen + 1);
      slots.push({
        def,
        child: childCode ? thirdByCode.get(childCode) : undefined,
        guaranteed: seen < GUARANTEED_GOOD_PER_LEAF,
      });
    }
  });

  // Rates apply to the non-guaranteed products, scaled so the catalogue-wide share stays near target.
  const free = slots.filter((s) => !s.guaranteed).length;
  const scale = free > 0 ? Math.min(4, productCount / free) : 0;
  const pDisabled = RATE_DISABLED * scale;
  const pOutOfStock = RATE_OUT_OF_STOCK * scale;
  const pNotVisible = RATE_NOT_VISIBLE * scale;

  const poolImages = productCount > IMAGE_POOL_THRESHOLD;
  const usedUrlKeys = new Set<string>();
  const products: SeedProduct[] = new Array<SeedProduct>(slots.length);
  const digits = Math.max(5, String(productCount).length);

  // 2. Products.
  slots.forEach((slot, index) => {
    const { def, child } = slot;
    const family = FAMILIES[def.family];
    const number = String(index + 1).padStart(digits, '0');
    const sku = `${def.audience === 'HG' ? 'HG' : 'PRO'}-${def.abbr}-${number}`;

    let status: 1 | 2 = 1;
    let visibility: 1 | 2 | 3 | 4 = 4;
    let inStock = true;
    if (!slot.guaranteed) {
      const u = r.next();
      if (u < pDisabled) status = 2;
      else if (u < pDisabled + pOutOfStock) inStock = false;
      else if (u < pDisabled + pOutOfStock + pNotVisible) visibility = 1;
    }

    const t = r.next();
    let [model, noun] = def.model(r, t, child?.code);
    if (visibility === 1 && family.role === 'accessory') [model, noun] = r.pick(SPARE_PARTS);
    const name = join(brand, def.audience === 'P' && 'Professional', model, noun);
    const size = family.role === 'detergent' ? /(\d+(?:\.\d+)?\s?(?:ml|l))$/.exec(model)?.[1] : undefined;

    // Price, weight.
    const tierPrice = lerp(def.price[0], def.price[1], Math.pow(t, 1.4) * r.float(0.85, 1.15));
    const premium =
      child?.code === 'premium-pressure-washers' || child?.code === 'hot-water-pressure-washers';
    const price = retailPrice(r, Math.max(def.price[0], premium ? tierPrice * 1.3 : tierPrice));
    let weight = lerp(def.weightKg[0], def.weightKg[1], Math.min(1, t * r.float(0.8, 1.2)));
    if (size) {
      const litres = size.endsWith('ml') ? parseFloat(size) / 1000 : parseFloat(size);
      weight = litres * 1.05 + 0.08;
    }
    weight = Number(weight.toFixed(weight < 10 ? 2 : 1));

    // URL key.
    const base = slugify(name);
    let urlKey = base;
    for (let n = 0; usedUrlKeys.has(urlKey); n++) urlKey = `${base}-${String(index + 1)}${n ? `-${n}` : ''}`;
    usedUrlKeys.add(urlKey);

    const attrs: Record<string, string> = {};
    attrs.url_key = urlKey;

    // Copy.
    const pitch = r.pick(family.pitches);
    const second = r.pick(family.pitches);
    const shortDescription =
      second !== pitch && r.chance(0.5)
        ? `The ${model} ${noun.toLowerCase()} ${pitch}. In addition, it ${second}.`
        : `The ${model} ${noun.toLowerCase()} ${pitch}.`;
    attrs.short_description = shortDescription;
    const features = r.sample(family.features, r.int(3, 5));
    let html =
      `<p><strong>${escapeHtml(name)}</strong> ${escapeHtml(pitch)}.</p>` +
      `<p>${escapeHtml(`Designed for ${def.audience === 'HG' ? 'home and garden' : 'professional'} use, it ${second}.`)}</p>` +
      `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
    if (r.chance(0.5)) {
      html += `<p>${escapeHtml(`Supplied by ${brand} with a ${def.audience === 'HG' ? '2' : '1'}-year guarantee.`)}</p>`;
    }
    if (r.chance(RATE_MALICIOUS_HTML)) html += r.pick(MALICIOUS_SNIPPETS);
    attrs.description = html;

    // Model number like 1.673-600.0 (machines 1., accessories 2., detergents 6.).
    const lead = family.role === 'machine' ? '1' : family.role === 'accessory' ? '2' : '6';
    attrs.supplier_code = `${lead}.${String(100 + (index % 900))}-${String(100 + (Math.floor(index / 900) % 900))}.${String(r.int(0, 9))}`;

    // Prices.
    const hasListPrice = !r.chance(RATE_NO_LIST_PRICE);
    if (hasListPrice) attrs.list_price = price.toFixed(2);
    attrs.sales_price = exVat(price).toFixed(2);
    if (hasListPrice && r.chance(RATE_PROMOTION)) {
      const full = retailPrice(r, price / (1 - r.pick([0.1, 0.15, 0.2, 0.25])));
      attrs.sale_price = price.toFixed(2);
      attrs.full_list_price = full.toFixed(2);
      attrs.full_sale_price = exVat(full).toFixed(2);
    }

    // Lists.
    if (family.role === 'machine') {
      attrs.equipmentAttr = r.sample(family.equipment, r.int(3, 7)).join(LIST_SEPARATOR);
      attrs.applications_attrib = r.sample(family.applications, r.int(2, 6)).join(LIST_SEPARATOR);
    } else if (family.role === 'accessory') {
      if (r.chance(0.4)) attrs.equipmentAttr = r.sample(family.equipment, r.int(1, 2)).join(LIST_SEPARATOR);
      attrs.applications_attrib = r.sample(family.applications, r.int(1, 3)).join(LIST_SEPARATOR);
    } else {
      attrs.applications_attrib = r.sample(family.applications, r.int(2, 4)).join(LIST_SEPARATOR);
    }

    // Documentation.
    const docTitles =
      family.role === 'detergent'
        ? ['Safety data sheet', 'Product data sheet']
        : family.role === 'accessory'
          ? ['Operating manual', 'Product data sheet']
          : DOC_TITLES;
    r.sample(docTitles, r.int(0, 3)).forEach((title, i) => {
      attrs[`documentationAttr${String(i + 1)}`] =
        `${title}${DOCUMENTATION_SEPARATOR}https://docs.example.com/${family.role}s/${sku.toLowerCase()}-${slugify(title)}.pdf`;
    });

    // Technical data.
    const ctx: TechContext = { r, t, audience: def.audience, def, weight, size, model };
    // Heating output only for hot-water pressure washers within the pressure family.
    const profile = family.tech.filter(
      (code) => code !== 'heating_output_kw' || def.family !== 'pressure' || model.startsWith('HDS'),
    );
    const wanted =
      family.role === 'machine'
        ? r.int(5, Math.min(12, profile.length))
        : r.int(2, Math.min(4, profile.length));
    const head = profile.slice(0, 2);
    const picked = new Set([...head, ...r.sample(profile.slice(2), wanted - head.length)]);
    for (const code of profile) {
      if (!picked.has(code)) continue;
      const gen = TECH_VALUES[code];
      attrs[code] = !gen || r.chance(RATE_EMPTY_TECH_VALUE) ? '' : gen(ctx);
    }

    // Images.
    const imageCount = r.int(2, 5);
    const poolKey = `${def.audience === 'HG' ? 'hg' : 'pro'}-${def.abbr.toLowerCase()}-pool`;
    const poolStart = r.int(0, POOL_FILES_PER_CATEGORY - 1);
    const images: SeedImage[] = [];
    for (let n = 1; n <= imageCount; n++) {
      const fileName = poolImages
        ? `${poolKey}-${String(((poolStart + n - 1) % POOL_FILES_PER_CATEGORY) + 1)}.jpg`
        : `${sku.toLowerCase()}-${String(n)}.jpg`;
      images.push({
        file: `/${fileName.charAt(0)}/${fileName.charAt(1)}/${fileName}`,
        position: n,
        types: n === 1 ? ['image', 'small_image', 'thumbnail'] : [],
        label: `${name} view ${String(n)}`,
        caption: def.kind,
        colour: family.colour,
      });
    }
    const first = images[0]?.file ?? '';
    attrs.image = first;
    attrs.small_image = first;
    attrs.thumbnail = first;

    products[index] = {
      sku,
      name,
      price,
      status,
      visibility,
      weight,
      qty: inStock ? r.int(1, 500) : 0,
      isInStock: inStock,
      categoryIds: child ? [def.id, child.id] : [def.id],
      customAttributes: attrs,
      images,
      links: [],
    };
  });

  // 3. Links between products.
  addLinks(r, products, slots);

  return { categories, attributes, products };
}

function addLinks(r: Random, products: SeedProduct[], slots: readonly Slot[]): void {
  const byCategory = new Map<number, number[]>();
  const pools = new Map<string, number[]>();
  const pushTo = <K>(map: Map<K, number[]>, key: K, i: number): void => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  slots.forEach((slot, i) => {
    const p = products[i];
    if (!p) return;
    pushTo(byCategory, slot.def.id, i);
    // Cross-sells and up-sells come from the audience's own accessories and detergents categories,
    // preferably products a shopper can buy; fall back to any product there.
    const code = slot.def.code;
    if (code !== 'accessories' && code !== 'detergents') return;
    const sellable = p.status === 1 && p.visibility === 4 && p.isInStock;
    if (sellable) pushTo(pools, `${slot.def.audience}:${code}:good`, i);
    pushTo(pools, `${slot.def.audience}:${code}:any`, i);
  });
  const pool = (audience: Audience, code: 'accessories' | 'detergents'): number[] =>
    pools.get(`${audience}:${code}:good`) ?? pools.get(`${audience}:${code}:any`) ?? [];

  slots.forEach((slot, i) => {
    const product = products[i];
    if (!product) return;
    const role = FAMILIES[slot.def.family].role;
    const links: SeedProductLink[] = [];
    const add = (linkType: SeedProductLink['linkType'], indices: readonly number[]): void => {
      indices.forEach((j, k) => {
        const linked = products[j];
        if (linked) links.push({ linkType, linkedSku: linked.sku, position: k + 1 });
      });
    };
    const siblings = byCategory.get(slot.def.id) ?? [];
    const related = (count: number): number[] =>
      r
        .sample(siblings, count + 1)
        .filter((j) => j !== i)
        .slice(0, count);
    if (role === 'machine') {
      add('related', related(r.int(2, 4)));
      add('upsell', r.sample(pool(slot.def.audience, 'detergents'), r.int(1, 3)));
      add('crosssell', r.sample(pool(slot.def.audience, 'accessories'), r.int(2, 4)));
    } else {
      add('related', related(r.int(1, 3)));
    }
    product.links = links;
  });
}
