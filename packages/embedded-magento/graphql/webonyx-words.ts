/**
 * How webonyx/graphql-php 15 (Magento 2.4's GraphQL library) prints values and suggestions inside its
 * messages (`Utils::printSafeJson`, `Utils::quotedOrList`, `Utils::suggestionList` with
 * `LexicalDistance`), so the validation and variable errors (`webonyx-rules.ts`, `webonyx-variables.ts`)
 * read exactly as Magento's. Values are JSON decoded the way Magento's controller decodes a request's
 * variables: objects become PHP arrays.
 */

/** PHP's `json_encode` with its default flags: `/` escaped, non-ASCII as `\u` escapes. */
function phpJsonString(text: string): string {
  return JSON.stringify(text).replace(/[/\u0080-\uffff]/g, (c) =>
    c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A PHP array with keys 0..n-1 in order is a JSON list, whatever the request sent (`{}` is `[]`). */
const isPhpList = (keys: readonly string[]): boolean => keys.every((key, index) => key === String(index));

/** `json_encode` of a value decoded from JSON into PHP arrays. */
export function phpJsonEncode(value: unknown): string {
  if (typeof value === 'string') return phpJsonString(value);
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (isPhpList(entries.map(([key]) => key)))
      return `[${entries.map(([, v]) => phpJsonEncode(v)).join(',')}]`;
    return `{${entries.map(([key, v]) => `${phpJsonString(key)}:${phpJsonEncode(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** `Utils::printSafeJson`: a string quoted as is, an array as JSON, other scalars as PHP prints them. */
export function printSafeJson(value: unknown): string {
  if (typeof value === 'object' && value !== null) return phpJsonEncode(value);
  if (value === '') return '(empty string)';
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return `"${value}"`;
  return String(value);
}

/** `Utils::quotedOrList`: at most five, `"a"`, `"a" or "b"`, `"a", "b", or "c"`. */
export function quotedOrList(items: readonly string[]): string {
  const selected = items.slice(0, 5).map((item) => `"${item}"`);
  if (selected.length <= 1) return selected[0] ?? '';
  const separator = selected.length > 2 ? ', ' : ' ';
  return selected.reduce(
    (list, item, index) => `${list}${separator}${index === selected.length - 1 ? 'or ' : ''}${item}`,
  );
}

/** `' Did you mean "a" or "b"?'`, or nothing without suggestions. */
export const didYouMean = (suggestions: readonly string[], prefix = ''): string =>
  suggestions.length === 0 ? '' : ` Did you mean ${prefix}${quotedOrList(suggestions)}?`;

/** `LexicalDistance::measure`: Damerau–Levenshtein on lower-cased code points, undefined past the threshold. */
function lexicalDistance(input: string, option: string, threshold: number): number | undefined {
  if (input === option) return 0;
  const inputLower = input.toLowerCase();
  const optionLower = option.toLowerCase();
  if (inputLower === optionLower) return 1;
  let a = [...optionLower];
  let b = [...inputLower];
  if (a.length < b.length) [a, b] = [b, a];
  if (a.length - b.length > threshold) return undefined;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, i) => i), [], []];
  for (let i = 1; i <= a.length; i++) {
    const up = rows[(i - 1) % 3] ?? [];
    const current = rows[i % 3] ?? [];
    let smallest = (current[0] = i);
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let cell = Math.min((up[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cell = Math.min(cell, (rows[(i - 2) % 3]?.[j - 2] ?? 0) + 1);
      }
      smallest = Math.min(smallest, cell);
      current[j] = cell;
    }
    if (smallest > threshold) return undefined;
  }
  const distance = rows[a.length % 3]?.[b.length] ?? Infinity;
  return distance <= threshold ? distance : undefined;
}

/** PHP's `strnatcmp` for the names GraphQL allows: digit runs compare as numbers. */
function naturalCompare(x: string, y: string): number {
  const parts = (s: string) => s.match(/\d+|\D+/g) ?? [];
  const [px, py] = [parts(x), parts(y)];
  for (let i = 0; i < Math.min(px.length, py.length); i++) {
    const [a = '', b = ''] = [px[i], py[i]];
    const numeric = /^\d/.test(a) && /^\d/.test(b);
    const order = numeric ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;
    if (order !== 0) return order;
  }
  return px.length - py.length;
}

/** `Utils::suggestionList`: the options near the input, nearest first, ties in natural order. */
export function suggestionList(input: string, options: readonly string[]): string[] {
  const threshold = [...input].length * 0.4 + 1;
  const distances = new Map<string, number>();
  for (const option of options) {
    const distance = lexicalDistance(input, option, threshold);
    if (distance !== undefined) distances.set(option, distance);
  }
  return [...distances.keys()].sort(
    (x, y) => (distances.get(x) ?? 0) - (distances.get(y) ?? 0) || naturalCompare(x, y),
  );
}
