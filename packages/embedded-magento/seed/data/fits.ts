/**
 * Which machines the accessories, consumables, detergents and spare parts fit, as a manufacturer's
 * compatibility lists have it: by what the part is (its model designation and noun), within the part's
 * audience, the machine series it belongs to and how far into the series it reaches. seed/fits.ts turns
 * these rules into each part's `fits_models` and `accessory_type`.
 */
import type { Audience } from './shape.ts';

/** The options of `accessory_type`, in option order (/work/fits-plan.md). */
export const ACCESSORY_TYPES = [
  'Hoses',
  'Nozzles and lances',
  'Brushes and pads',
  'Detergents',
  'Filters and spare parts',
  'Other accessories',
] as const;
export type AccessoryType = (typeof ACCESSORY_TYPES)[number];

/**
 * How much of its series a part fits: `series` every model of it (one high-pressure hose fits K 2 – K 7),
 * `few` two to four neighbouring models of one series (a nozzle sized for their pressure and flow), `one`
 * exactly one model (a filter, a spare part).
 */
export type Reach = 'series' | 'few' | 'one';

/** Series by the part's audience: the first word of the machine models (`K` for K 2 … K 7). */
type SeriesByAudience = Readonly<Partial<Record<Audience, readonly string[]>>>;

export interface FitRule {
  /** Matched against the part's designation, model and noun: `H 10 Q High-Pressure Hose, 10 m`. */
  readonly part: RegExp;
  readonly type: AccessoryType;
  readonly reach: Reach;
  /** The series it fits; a part only ever fits machines of its own audience. */
  readonly series: SeriesByAudience;
  /** The series it fits instead when the catalogue has none of `series` (small demo catalogues). */
  readonly instead?: SeriesByAudience;
}

const PRESSURE: SeriesByAudience = { HG: ['K'], P: ['HD', 'HDS'] };
const STEAM: SeriesByAudience = { HG: ['SC'], P: ['SG', 'SGV'] };
const SCRUBBERS = ['B', 'BR'];
const BATTERY_TOOLS: SeriesByAudience = {
  HG: ['HGE', 'LMO', 'LTR', 'LBL', 'CNS', 'TLO'],
  P: ['HT', 'LB', 'BCU', 'CS', 'BP', 'MT'],
};
/** The wet vacuums' parts: a WD's, an NT's (a T's in a catalogue without NT). */
const WET_VACS: Pick<FitRule, 'series' | 'instead'> = {
  series: { HG: ['WD'], P: ['NT'] },
  instead: { P: ['T'] },
};

/**
 * The first rule whose `part` matches a part's designation applies; spare parts come first, as their
 * nouns resemble the accessories' ("Replacement Brush Roller", "Roller Brush"). Every part the demo
 * catalogue makes (seed/data/categories.ts, SPARE_PARTS, seed/configurables.ts) has a rule: a part
 * without one stops the generator.
 */
export const FIT_RULES: readonly FitRule[] = [
  // Spare parts (not visible on their own): each for exactly one model.
  {
    part: /O-Ring Set|Nozzle Insert|Pump Seal Kit/,
    type: 'Filters and spare parts',
    reach: 'one',
    series: PRESSURE,
  },
  {
    part: /Replacement Brush Roller/,
    type: 'Filters and spare parts',
    reach: 'one',
    series: { HG: ['FC'], P: ['BR', 'KM'] },
  },
  {
    part: /Spare Squeegee Lips/,
    type: 'Filters and spare parts',
    reach: 'one',
    series: { HG: ['WV'], P: SCRUBBERS },
  },
  // A float switch sits in a drainage pump or a professional wet vacuum's tank.
  {
    part: /Float Switch/,
    type: 'Filters and spare parts',
    reach: 'one',
    series: { HG: ['SP', 'BP'], P: ['NT'] },
    instead: { P: ['T'] },
  },
  // Filters: one model each, but for the water filter at a pressure washer's inlet.
  {
    part: /Filter Bags|HEPA Filter/,
    type: 'Filters and spare parts',
    reach: 'one',
    series: { HG: ['WD', 'DS'], P: ['NT', 'T', 'IVC', 'IVR', 'IVS', 'DE'] },
  },
  { part: /Cartridge Filter/, type: 'Filters and spare parts', reach: 'one', ...WET_VACS },
  { part: /Water Filter/, type: 'Filters and spare parts', reach: 'series', series: PRESSURE },
  // Hoses: a whole series.
  { part: /High-Pressure Hose|Pipe Cleaning|Hose Reel/, type: 'Hoses', reach: 'series', series: PRESSURE },
  { part: /Suction Hose/, type: 'Hoses', reach: 'series', ...WET_VACS },
  // Guns and lances fit a series; nozzles a few neighbouring models.
  { part: /Trigger Gun|Telescopic Lance/, type: 'Nozzles and lances', reach: 'series', series: PRESSURE },
  {
    part: /Rotary Nozzle|Foam Nozzle|Vario Power Jet Pipe|Dirt Blaster/,
    type: 'Nozzles and lances',
    reach: 'few',
    series: PRESSURE,
  },
  { part: /Floor Nozzle/, type: 'Nozzles and lances', reach: 'few', series: { HG: ['WD'], P: ['NT', 'T'] } },
  { part: /Steam Cleaner Nozzle Set/, type: 'Nozzles and lances', reach: 'few', series: STEAM },
  // Brushes, pads and the cleaners that carry them.
  {
    part: /Surface Cleaner|Patio Cleaner|Rotating Wash Brush/,
    type: 'Brushes and pads',
    reach: 'series',
    series: PRESSURE,
  },
  {
    part: /Scrubbing Pad|Squeegee Blade/,
    type: 'Brushes and pads',
    reach: 'few',
    series: { HG: ['FC'], P: SCRUBBERS },
  },
  { part: /Roller Brush/, type: 'Brushes and pads', reach: 'few', series: { HG: ['FC'], P: ['KM', 'BR'] } },
  { part: /Microfibre Pads/, type: 'Brushes and pads', reach: 'few', series: STEAM },
  { part: /Microfibre Cloth/, type: 'Brushes and pads', reach: 'series', series: STEAM },
  // Other accessories.
  { part: /Spray Bottle/, type: 'Other accessories', reach: 'series', series: { HG: ['WV'], P: ['WVP'] } },
  { part: /Battery Pack|Quick Charger/, type: 'Other accessories', reach: 'series', series: BATTERY_TOOLS },
  // Water softener salt for the hot-water machines' softeners.
  { part: /Salt Tablets/, type: 'Other accessories', reach: 'series', series: { P: ['HDS'] } },
  // Detergents fit every model of the machines they are made for.
  { part: /Glass Cleaner/, type: 'Detergents', reach: 'series', series: { HG: ['WV'], P: ['WVP'] } },
  { part: /Carpet Cleaner/, type: 'Detergents', reach: 'series', series: { P: ['SE'] } },
  { part: /Limescale Remover|Descaler/, type: 'Detergents', reach: 'series', series: STEAM },
  { part: /Wood Floor Care/, type: 'Detergents', reach: 'series', series: { HG: ['FC'] } },
  {
    part: /Floor Cleaner|Maintenance Cleaner/,
    type: 'Detergents',
    reach: 'series',
    series: { HG: ['FC'], P: SCRUBBERS },
  },
  {
    part: /Sanitary Cleaner/,
    type: 'Detergents',
    reach: 'series',
    series: { HG: ['SC'], P: ['SG', 'SGV', 'BR'] },
  },
  {
    part: /Hot Wax|Vehicle Foam/,
    type: 'Detergents',
    reach: 'series',
    series: { HG: ['K'], P: ['CB', 'SB', 'CWB', 'HD', 'HDS'] },
  },
  { part: /Degreaser/, type: 'Detergents', reach: 'series', series: { P: ['HD', 'HDS', 'PC'] } },
  { part: /Defoamer/, type: 'Detergents', reach: 'series', series: { P: ['NT', 'SE'] } },
  { part: /Car (Wash|Shampoo)/, type: 'Detergents', reach: 'series', series: { HG: ['K', 'OC'] } },
  {
    part: /Active Cleaner|Universal Cleaner|Stone & Façade|Patio & Deck|Wheel Rim|Insect Remover|Plastic Cleaner/,
    type: 'Detergents',
    reach: 'series',
    series: PRESSURE,
  },
];
