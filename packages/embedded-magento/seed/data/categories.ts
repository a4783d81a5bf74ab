/**
 * The demo catalogue's category tree as data: the top-level ids, every second-level category with its
 * audience, sku abbreviation, product family, share, price and weight ranges and model names, and the
 * third-level categories.
 */
import { join, pickModel, round, type SubCategoryDef, type ThirdLevelDef } from './shape.ts';

export const ROOT_CATALOG_ID = 1;
export const DEFAULT_CATEGORY_ID = 2;
export const PROFESSIONAL_CATEGORY_ID = 3;
export const HOME_GARDEN_CATEGORY_ID = 7;

export const HG_PW_VARIANTS = [
  '',
  'Classic',
  'Power Control',
  'Smart Control',
  'Full Control',
  'Power Control Home',
];

export const SUB_CATEGORY_DEFS: readonly SubCategoryDef[] = [
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
        // Car Shampoo is one configurable product in sizes (seed/configurables.ts), not a card per size.
        'Car Wash & Wax',
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

export const THIRD_LEVEL_DEFS: readonly ThirdLevelDef[] = [
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
  // Holds exactly one product at every catalogue size (no slot: see GIFT_SET_CATEGORY).
  { id: 44, parentId: 29, code: 'wv-gift-sets', name: 'WV Gift Sets', isActive: true },
];

/**
 * The category with exactly one product, whatever the catalogue's size: one sellable window vac (kept in
 * its other categories) is merchandised here too. It takes no part in slot assignment (no sub-category
 * cycle names it), so no other product changes because of it.
 */
export const GIFT_SET_CATEGORY = {
  id: 44,
  parentId: 29,
  code: 'wv-gift-sets',
  name: 'WV Gift Sets',
} as const;

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
