/**
 * The spec's search rule (§5), as written: a case-insensitive match of the term against the product
 * name, ignoring the first space, the first hyphen and the first slash in each. So "wd-5" finds "WD 5…"
 * and "k4" finds "K 4…" when the name starts with it; in a name that starts with the brand the first
 * space is the one after the brand, so a two-word term only matches where the name's words touch.
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
