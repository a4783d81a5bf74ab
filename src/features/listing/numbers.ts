/**
 * How the shop reads a numeric attribute: its unit from Magento's label, its value as a plain number, and
 * the bands a filter splits its values into. The listing's filters (build-index.ts), the search results'
 * filters (bands over the matches, components/search/search-results.ts) and the compare page's "better"
 * figures (features/compare/rows.ts) read them alike; a module of its own, so those browser scripts take
 * these few lines and not the listing's index builder.
 */

/** "Max. pressure (bar)" → name "Max. pressure", unit "bar"; "Sound pressure level (dB(A))" → "dB(A)". */
export function splitUnit(label: string): { name: string; unit: string } {
  const text = label.trim();
  if (!text.endsWith(')')) return { name: text, unit: '' };
  let depth = 0;
  for (let at = text.length - 1; at >= 0; at -= 1) {
    if (text[at] === ')') depth += 1;
    if (text[at] === '(') depth -= 1;
    if (depth === 0) {
      const name = text.slice(0, at).trim();
      return name === '' ? { name: text, unit: '' } : { name, unit: text.slice(at + 1, -1).trim() };
    }
  }
  return { name: text, unit: '' };
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A numeric attribute's value, or undefined when there is text that is not a plain number. */
export const parseNumber = (value: string): number | null | undefined => {
  const text = value.trim();
  if (text === '') return null;
  return NUMBER.test(text) ? Number(text) : undefined;
};

/** 1, 2, 2.5 or 5 times a power of ten: the band widths people read easily. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10;
  return Number((step * power).toPrecision(12));
}

const round = (value: number): number => Number(value.toPrecision(12));

/**
 * Bands over `values` with round bounds, about `target` of them, each holding some values: bounds are the
 * values' quantiles rounded to a nice step, so a skewed range still splits where the products are.
 */
export function niceBands(values: readonly number[], target = 5): [number, number][] {
  if (values.length === 0) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const min = sorted[0] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  const step = niceStep((max - min) / target || Math.abs(max) / target || 1);
  const low = round(Math.floor(min / step) * step);
  const high = Math.max(round(Math.ceil(max / step) * step), round(low + step));
  const inner = new Set<number>();
  for (let k = 1; k < target; k += 1) {
    const quantile = sorted[Math.floor((k * sorted.length) / target)] ?? max;
    const bound = round(Math.round(quantile / step) * step);
    if (bound > low && bound < high) inner.add(bound);
  }
  const bounds = [low, ...[...inner].sort((a, b) => a - b), high];
  const bands = bounds.slice(1).map((to, at): [number, number] => [bounds[at] ?? low, to]);
  const last = bands.length - 1;
  return bands.filter(([from, to], at) =>
    sorted.some((value) => value >= from && (value < to || (at === last && value === to))),
  );
}
