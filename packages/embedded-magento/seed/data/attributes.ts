/**
 * The demo catalogue's attribute metadata: the technical-data attributes with their kind (and a select's
 * option labels), and how a cleaning-machine shop sets up its layered navigation and listing sorts.
 */

/**
 * How a technical value is stored: `text` free text (ranges such as "20 - 150", dimensions), `decimal`
 * one number as entered, `select` one of the attribute's options (the product holds the option id).
 */
export type TechnicalKind = 'text' | 'decimal' | 'select';

export interface TechnicalAttributeDef {
  readonly code: string;
  /** Frontend label, e.g. `Weight (kg)`. */
  readonly label: string;
  readonly kind: TechnicalKind;
  /** A select's option labels in sort order (the generator's values, so every value has its option). */
  readonly options?: readonly string[];
}

/** What a machine runs on: the options of `power_source`, in sort order. */
export const POWER_SOURCES = ['Mains electric', 'Battery', 'Petrol', 'Diesel', 'Manual'] as const;
export type PowerSource = (typeof POWER_SOURCES)[number];

/** Technical-data attributes, in attribute-id order (`power_source` was added last, so it comes last). */
export const TECHNICAL_ATTRIBUTES: readonly TechnicalAttributeDef[] = [
  { code: 'weight_kg', label: 'Weight (kg)', kind: 'decimal' },
  { code: 'dimensions_mm', label: 'Dimensions (L × W × H) (mm)', kind: 'text' },
  { code: 'voltage_v', label: 'Voltage (V)', kind: 'select', options: ['220 - 240', '230', '400'] },
  // "50 - 60" is a range, so text.
  { code: 'frequency_hz', label: 'Frequency (Hz)', kind: 'text' },
  { code: 'power_w', label: 'Power (W)', kind: 'decimal' },
  { code: 'cable_length_m', label: 'Cable length (m)', kind: 'decimal' },
  // "20 - 150": a range, so text and not filterable.
  { code: 'pressure_bar', label: 'Pressure (bar)', kind: 'text' },
  { code: 'max_pressure_bar', label: 'Max. pressure (bar)', kind: 'decimal' },
  { code: 'flow_rate_lh', label: 'Max. flow rate (l/h)', kind: 'decimal' },
  { code: 'inlet_temperature_c', label: 'Max. inlet temperature (°C)', kind: 'decimal' },
  { code: 'hose_length_m', label: 'High-pressure hose length (m)', kind: 'decimal' },
  { code: 'tank_capacity_l', label: 'Tank capacity (l)', kind: 'decimal' },
  { code: 'fresh_water_tank_l', label: 'Fresh water tank (l)', kind: 'decimal' },
  { code: 'dirty_water_tank_l', label: 'Dirty water tank (l)', kind: 'decimal' },
  { code: 'working_width_mm', label: 'Working width (mm)', kind: 'decimal' },
  { code: 'area_performance_m2h', label: 'Area performance (m²/h)', kind: 'decimal' },
  { code: 'sound_pressure_db', label: 'Sound pressure level (dB(A))', kind: 'decimal' },
  { code: 'battery_voltage_v', label: 'Battery voltage (V)', kind: 'decimal' },
  { code: 'battery_run_time_min', label: 'Battery run time (min)', kind: 'decimal' },
  { code: 'charging_time_min', label: 'Charging time (min)', kind: 'decimal' },
  { code: 'air_flow_ls', label: 'Air flow (l/s)', kind: 'decimal' },
  { code: 'vacuum_mbar', label: 'Vacuum (mbar)', kind: 'decimal' },
  {
    code: 'filter_class',
    label: 'Filter class',
    kind: 'select',
    options: ['L', 'M', 'H', 'HEPA 13', 'HEPA 14'],
  },
  { code: 'container_volume_l', label: 'Container volume (l)', kind: 'decimal' },
  { code: 'heating_time_min', label: 'Heating-up time (min)', kind: 'decimal' },
  { code: 'steam_pressure_bar', label: 'Steam pressure (bar)', kind: 'decimal' },
  { code: 'brush_speed_rpm', label: 'Brush speed (rpm)', kind: 'decimal' },
  { code: 'delivery_height_m', label: 'Max. delivery height (m)', kind: 'decimal' },
  { code: 'grain_size_mm', label: 'Max. grain size (mm)', kind: 'decimal' },
  { code: 'immersion_depth_m', label: 'Max. immersion depth (m)', kind: 'decimal' },
  { code: 'cutting_length_mm', label: 'Cutting length (mm)', kind: 'decimal' },
  { code: 'heating_output_kw', label: 'Heating output (kW)', kind: 'decimal' },
  { code: 'fuel_tank_l', label: 'Fuel tank (l)', kind: 'decimal' },
  { code: 'ph_value', label: 'pH value', kind: 'decimal' },
  // "1 l", "500 ml", "1:20", "Ready to use", "WD 2 – WD 6 vacuums": text.
  { code: 'container_size', label: 'Container size', kind: 'text' },
  { code: 'dilution', label: 'Dilution ratio', kind: 'text' },
  { code: 'compatible_with', label: 'Compatible with', kind: 'text' },
  {
    code: 'material',
    label: 'Material',
    kind: 'select',
    options: ['Aluminium', 'Brass', 'Fleece', 'Microfibre', 'Plastic', 'Stainless steel'],
  },
  {
    code: 'colour',
    label: 'Colour',
    kind: 'select',
    options: ['Anthracite', 'Black', 'Blue', 'Green', 'Red', 'Transparent', 'Yellow'],
  },
  { code: 'power_source', label: 'Power source', kind: 'select', options: POWER_SOURCES },
];

/** Codes of the technical-data attributes (rendered as Specifications rows). */
export const TECHNICAL_ATTRIBUTE_CODES: readonly string[] = TECHNICAL_ATTRIBUTES.map(({ code }) => code);

/**
 * The layered navigation, in the merchandiser's filter order (`position` 1, 2, …): code and
 * `is_filterable` (1 "with results": only options that have products; 2 "no results": every option, so
 * a shopper sees there is no petrol window vac). Every other attribute is not filterable (position 0).
 */
export const LAYERED_NAVIGATION: readonly (readonly [code: string, isFilterable: 1 | 2])[] = [
  ['price', 1],
  ['power_source', 2],
  ['max_pressure_bar', 1],
  ['flow_rate_lh', 1],
  ['power_w', 1],
  ['working_width_mm', 1],
  ['tank_capacity_l', 1],
  ['filter_class', 1],
  ['voltage_v', 1],
  ['cable_length_m', 1],
  ['weight_kg', 1],
  ['sound_pressure_db', 1],
  ['colour', 1],
  // The configurable products' variant attributes (seed/structure.ts VARIANT_ATTRIBUTES).
  ['volume', 1],
  ['kit', 1],
];

/**
 * The filters also offered on search results (`is_filterable_in_search`): the few that narrow a search
 * across every kind of product (price, power source, the key figures a buyer compares machines on),
 * not the specialised ones (flow rate, working width, cable length, …). Each is in the layered navigation.
 */
export const FILTERABLE_IN_SEARCH: readonly string[] = [
  'price',
  'power_source',
  'max_pressure_bar',
  'power_w',
  'filter_class',
  'colour',
  'tank_capacity_l',
  'weight_kg',
];

/**
 * The attributes quick search looks in (`is_searchable`): what a shopper types to find a machine or the
 * part for one (its name, sku or model number, "battery", "HEPA 13", "stainless steel", "230", "150 bar",
 * "WD 5", "1 l"). Description and short description stay unsearchable although Magento's install marks
 * them searchable (Catalog/Setup/CategorySetup.php): their long prose would make the search index many
 * times larger for little gain, and the name and the technical values already carry the words shoppers
 * search by. Prices (searchable in Magento's install too), documentation and equipment lists are not
 * searched either: nobody types a price, and those lists name other things than the product.
 */
export const SEARCHABLE_ATTRIBUTES: readonly string[] = [
  'name',
  'sku',
  'supplier_code',
  'power_source',
  'filter_class',
  'material',
  'colour',
  'voltage_v',
  'max_pressure_bar',
  'power_w',
  'tank_capacity_l',
  'working_width_mm',
  'battery_voltage_v',
  'container_size',
  'compatible_with',
  // Issue 39: "K 5" finds the K 5 and what fits it.
  'machine_model',
  'fits_models',
];

/** Offered as listing sorts (`used_for_sort_by`): Magento's name and price, and the key figures. */
export const SORTABLE_ATTRIBUTES: readonly string[] = [
  'name',
  'price',
  'max_pressure_bar',
  'power_w',
  'weight_kg',
  'sound_pressure_db',
];

/** The numeric filters, whose values a range filter compares (and so the ones a typo hurts). */
export const NUMERIC_FILTER_CODES: readonly string[] = LAYERED_NAVIGATION.map(([code]) => code).filter(
  (code) => TECHNICAL_ATTRIBUTES.find((a) => a.code === code)?.kind === 'decimal',
);
