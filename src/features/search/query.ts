/**
 * What a shopper's query says besides its words (issue 37), read before the words are matched:
 *
 * - Units as shoppers write them, in the index's own: "5 litres", "5ltr" → "5 l"; "1500 watts" → "1500 w",
 *   "2 kW" → "2000 w"; "10 metres" → "10 m"; "kilos" → "kg"; "volts" → "v"; "millimetres" → "mm".
 * - A pressure in psi, which the shop gives in bar: "2000 psi" is 138 bar, and a shopper asking for it
 *   wants a machine of about that pressure, not exactly 137.9 bar: it is read as a range of ±10 % around
 *   the converted value (124–152 bar), the nearest first.
 * - A price: "under / below / less than / up to £N" (or "N pounds"), "over / above / more than £N",
 *   "£N–£M", "between £N and £M", and a lone "£N" (a budget: at most £N). Taken out of the words and
 *   returned as a range in the prices the shopper reads (the VAT form they chose), which the results
 *   page applies as its price filter. A bare number after "under" counts as pounds unless a unit follows
 *   it ("under 10 kg" is a weight).
 */

/** A measure the query asks for as a range of an indexed unit ("2000 psi" → 124–152 bar). */
export interface MeasureRange {
  /** The unit the index writes after the number (`150bar`, `1500w`). */
  unit: string;
  /** The value asked for, converted; the range around it. */
  value: number;
  min: number;
  max: number;
  /** As the shopper typed it, for "No exact match for …". */
  typed: string;
}

/** A price range from the query, in pounds as the shopper reads them; either end may be open. */
export interface PriceRange {
  min: number | null;
  max: number | null;
  /** As the shopper typed it ("under £200"), for the filter's chip. */
  typed: string;
  /** The query without it: where removing the filter leads. */
  rest: string;
}

export interface ReadQuery {
  /** The words left to match, units written as the index writes them. */
  text: string;
  measures: MeasureRange[];
  price: PriceRange | null;
}

export const PSI_PER_BAR = 14.5038;
/** How far from a converted pressure, or from a measure no product has exactly, a product still answers it. */
const TOLERANCE = 0.1;

/** The range around `value` of `unit` that answers it. */
const around = (value: number, unit: string, typed: string): MeasureRange => ({
  unit,
  value,
  min: value * (1 - TOLERANCE),
  max: value * (1 + TOLERANCE),
  typed,
});

/** A measure as the index writes it: a whole number and its unit (`1500w`, `20l`, `150bar`). */
const MEASURE_TERM = /^(\d+)(bar|w|l|ml|kg|m|mm|v)$/;

const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?`;
const UNIT_AFTER = String.raw`(?!\s*(?:bar|psi|w|watts?|kw|l|litres?|liters?|ltrs?|ml|kg|kilos?|m|mm|cm|metres?|meters?|v|volts?|db)\b)`;
const POUNDS = String.raw`(?:\s*(?:pounds?|quid|gbp))?`;
const MONEY = String.raw`£?\s*(${NUMBER})(?![\d.,])${UNIT_AFTER}${POUNDS}`;

const amount = (text: string): number => Number(text.replace(/,/g, ''));

/** Unit words after a number, in the index's units. */
const UNITS: [RegExp, (value: string) => string][] = [
  [/(\d)\s*(?:millilitres?|milliliters?|mls)\b/g, (n) => `${n} ml`],
  [/(\d)\s*(?:litres?|liters?|ltrs?|lt)\b/g, (n) => `${n} l`],
  [/(\d[\d.,]*)\s*(?:kilowatts?|kw)\b/g, (n) => `${Math.round(amount(n) * 1000)} w`],
  [/(\d)\s*(?:watts?)\b/g, (n) => `${n} w`],
  [/(\d)\s*(?:kilos?|kilograms?|kgs)\b/g, (n) => `${n} kg`],
  [/(\d)\s*(?:millimetres?|millimeters?)\b/g, (n) => `${n} mm`],
  [/(\d)\s*(?:metres?|meters?|mtrs?)\b/g, (n) => `${n} m`],
  [/(\d)\s*(?:volts?)\b/g, (n) => `${n} v`],
];

/** Price phrases, most specific first; each gives the range of its numbers. */
const PRICES: [RegExp, (a: number, b: number) => [number | null, number | null]][] = [
  [
    new RegExp(String.raw`\bbetween\s+${MONEY}\s+and\s+${MONEY}`, 'gi'),
    (a, b) => [Math.min(a, b), Math.max(a, b)],
  ],
  [
    new RegExp(String.raw`£\s*(${NUMBER})\s*(?:-|–|to)\s*£?\s*(${NUMBER})${POUNDS}`, 'gi'),
    (a, b) => [Math.min(a, b), Math.max(a, b)],
  ],
  [
    new RegExp(String.raw`\b(${NUMBER})\s*(?:-|–|to)\s*(${NUMBER})\s*(?:pounds|quid|gbp)\b`, 'gi'),
    (a, b) => [Math.min(a, b), Math.max(a, b)],
  ],
  [
    new RegExp(
      String.raw`(?:\b(?:under|below|less\s+than|up\s+to|upto|max(?:imum)?|cheaper\s+than|no\s+more\s+than|within)\b|<)\s*${MONEY}`,
      'gi',
    ),
    (a) => [null, a],
  ],
  [
    new RegExp(String.raw`(?:\b(?:over|above|more\s+than|at\s+least|min(?:imum)?)\b|>)\s*${MONEY}`, 'gi'),
    (a) => [a, null],
  ],
  [new RegExp(String.raw`\bfrom\s+£\s*(${NUMBER})`, 'gi'), (a) => [a, null]],
  [
    new RegExp(String.raw`£\s*(${NUMBER})${POUNDS}|\b(${NUMBER})\s*(?:pounds?|quid|gbp)\b`, 'gi'),
    (a, b) => [null, Number.isNaN(a) ? b : a],
  ],
];

/** The query's words, measures and price (see the module's comment). */
export function readQuery(query: string): ReadQuery {
  let text = query;
  // The first price the query names (a list: set inside the replacer, which TypeScript cannot follow).
  const prices: PriceRange[] = [];
  for (const [pattern, range] of PRICES) {
    if (prices.length > 0) break;
    text = text.replace(pattern, (typed: string, ...groups: unknown[]) => {
      if (prices.length > 0) return typed;
      const [a, b] = groups.slice(0, 2).map((group) => (typeof group === 'string' ? amount(group) : NaN));
      const [min, max] = range(a ?? NaN, b ?? NaN);
      if ((min !== null && !Number.isFinite(min)) || (max !== null && !Number.isFinite(max))) return typed;
      prices.push({ min, max, typed: typed.trim(), rest: '' });
      return ' ';
    });
  }
  const rest = text.replace(/\s+/g, ' ').trim();
  const price = prices[0] ? { ...prices[0], rest } : null;
  text = text.toLowerCase();
  const measures: MeasureRange[] = [];
  text = text.replace(new RegExp(String.raw`(${NUMBER})\s*psi\b`, 'g'), (typed: string, number: string) => {
    measures.push(around(amount(number) / PSI_PER_BAR, 'bar', typed.trim()));
    return ' ';
  });
  for (const [pattern, write] of UNITS) text = text.replace(pattern, (_, number: string) => write(number));
  return { text: text.replace(/\s+/g, ' ').trim(), measures, price };
}

/** Is `term` a whole measure as the index writes it (`1500w`)? */
export const isMeasureTerm = (term: string): boolean => MEASURE_TERM.test(term);

/**
 * A measure the other words' products do not have exactly ("1500 w vacuum", "20 l vacuum") read as the
 * range around it that psi is read as (±10 %), so the nearest answer it; null for a term that is no whole
 * measure. Sizes stay whole otherwise: "5 l detergent" finds the 5 l ones while any has it.
 */
export function nearMeasure(term: string, typed: string): MeasureRange | null {
  const [, number, unit] = MEASURE_TERM.exec(term) ?? [];
  if (!number || !unit) return null;
  return around(Number(number), unit, typed);
}
