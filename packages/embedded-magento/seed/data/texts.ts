/**
 * Spare parts, compatible series, document titles, the markup a sanitiser must remove, and one value
 * generator per technical-data attribute.
 */
import type { Audience, Model, TechGen } from './shape.ts';
import { big, lerp, num, round } from './shape.ts';

export const SPARE_PARTS: readonly Model[] = [
  ['SP 9', 'Replacement O-Ring Set'],
  ['NZ 25', 'Spare Nozzle Insert'],
  ['SK 4', 'Pump Seal Kit'],
  ['BR 30', 'Replacement Brush Roller'],
  ['SL 2', 'Spare Squeegee Lips'],
  ['FS 1', 'Float Switch'],
];

/**
 * An accessory's `compatible_with` as first drawn; seed/fits.ts replaces it with the models the part fits
 * (drawn still, so that every value drawn after it stays as it was).
 */
export const COMPATIBLE: Record<Audience, readonly string[]> = {
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

export const DOC_TITLES: readonly string[] = [
  'Operating manual',
  'Safety instructions',
  'Product data sheet',
  'EU declaration of conformity',
  'Spare parts list',
];

export const MALICIOUS_SNIPPETS: readonly string[] = [
  '<img src=x onerror="alert(1)">',
  "<script>alert('xss')</script>",
  '<p><a href="javascript:alert(1)">More information</a></p>',
  '<p onclick="alert(1)">Click for details</p>',
  '<iframe src="https://evil.example.com/"></iframe>',
];

export const TECH_VALUES: Record<string, TechGen> = {
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
