/**
 * Which figure is better, per attribute, for the compare page's highlight: declared here and nowhere else,
 * and only where a buyer of cleaning machines would agree without a second thought. Left out on purpose:
 * power (more watts is a bigger motor, not a better machine: it costs running power), voltage and frequency
 * (a match for the socket, not a ranking), dimensions and working width (what fits the job: a narrow
 * machine for corridors is no worse), pressure ranges and temperatures (the job decides), pH value, and
 * every list or option. The page ranks a row only when its attribute has a unit and the values are plain
 * numbers (features/compare/rows.ts).
 */
export type Better = 'higher' | 'lower';

export const BETTER: Readonly<Record<string, Better>> = {
  // More cleaning done: pressure, water, air, suction, coverage.
  max_pressure_bar: 'higher',
  flow_rate_lh: 'higher',
  area_performance_m2h: 'higher',
  air_flow_ls: 'higher',
  vacuum_mbar: 'higher',
  steam_pressure_bar: 'higher',
  // Longer between refills, recharges and moves of the plug.
  tank_capacity_l: 'higher',
  fresh_water_tank_l: 'higher',
  dirty_water_tank_l: 'higher',
  container_volume_l: 'higher',
  fuel_tank_l: 'higher',
  battery_run_time_min: 'higher',
  cable_length_m: 'higher',
  hose_length_m: 'higher',
  // Pumps: lifts higher, passes bigger grit, goes deeper.
  delivery_height_m: 'higher',
  grain_size_mm: 'higher',
  immersion_depth_m: 'higher',
  // Less to carry, to hear and to wait for.
  weight_kg: 'lower',
  sound_pressure_db: 'lower',
  charging_time_min: 'lower',
  heating_time_min: 'lower',
};
