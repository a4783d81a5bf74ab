/**
 * The spec's search rule (§5): a case-insensitive match of the term against the product name, ignoring
 * the first space, the first hyphen and the first slash in each. "k4 power" finds "K 4 Power…" and
 * "wd-5" finds "WD 5".
 */
const dropFirst = (text: string, char: string): string => {
  const at = text.indexOf(char);
  return at === -1 ? text : text.slice(0, at) + text.slice(at + 1);
};

export const normaliseForSearch = (text: string): string =>
  dropFirst(dropFirst(dropFirst(text.toLowerCase(), ' '), '-'), '/');

export function matchesSearch(name: string, term: string): boolean {
  const needle = normaliseForSearch(term.trim());
  return needle !== '' && normaliseForSearch(name).includes(needle);
}
