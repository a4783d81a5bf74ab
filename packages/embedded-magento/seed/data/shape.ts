/**
 * The shapes the seed data tables are written in (sub-categories, families, technical-data generators)
 * and the few number and text helpers the tables use.
 */
import type { Random } from '../random.ts';

export type Audience = 'HG' | 'P';
export type Role = 'machine' | 'detergent' | 'accessory';
export type FamilyName =
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
export type Model = readonly [string, string];
export type ModelFn = (r: Random, tier: number, child: string | undefined) => Model;

export interface SubCategoryDef {
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

export interface ThirdLevelDef {
  id: number;
  parentId: number;
  code: string;
  name: string;
  isActive: boolean;
}

export interface FamilyDef {
  role: Role;
  colour: string;
  /** Technical attribute codes, most important first (the first two are always included). */
  tech: readonly string[];
  equipment: readonly string[];
  applications: readonly string[];
  pitches: readonly string[];
  features: readonly string[];
}

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const round = (value: number, step: number): number => Math.round(value / step) * step;
export const pence = (value: number): number => Math.round(value * 100) / 100;
/** `8` for 8.0, `8.5` for 8.5: numbers as a data sheet prints them. */
export const num = (value: number, decimals = 1): string => String(Number(value.toFixed(decimals)));
export const join = (...parts: (string | false | undefined)[]): string => parts.filter(Boolean).join(' ');

export function pickModel(r: Random, items: readonly (readonly [string, string])[]): Model {
  return r.pick(items);
}

export interface TechContext {
  r: Random;
  t: number;
  audience: Audience;
  def: SubCategoryDef;
  weight: number;
  size: string | undefined;
  model: string;
}

export type TechGen = (c: TechContext) => string;

export const big = (c: TechContext): boolean => c.audience === 'P';
