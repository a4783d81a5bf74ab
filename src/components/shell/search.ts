/** The search box's one rule (spec §5): Enter with non-empty text goes to the search route. */

/** Where the search box leads for this text, or null when there is nothing to search for. */
export function searchPath(text: string): string | null {
  const term = text.trim();
  return term === '' ? null : `/search/${encodeURIComponent(term)}`;
}
