/** The search box's one rule (spec §5): Enter with non-empty text goes to the search route. */

/** Where the search box leads for this text, or null when there is nothing to search for. */
export function searchPath(text: string): string | null {
  const term = text.trim();
  return term === '' ? null : `/search/${encodeURIComponent(term)}`;
}

/**
 * Where Enter in a search box goes: the search route, or, for text that may be a code (a digit or a dash
 * in a few words: "HG-PW-00156", "K 5"), the form's own route (`/search?q=`), where the storefront server
 * sends a SKU or model number typed whole straight to its product and anything else on to the search
 * route (src/server/code-jump.ts). Without JavaScript the form submits there anyway.
 */
export function enterPath(text: string): string | null {
  const term = text.trim();
  if (term === '') return null;
  const codeLike = /[\d-]/.test(term) && term.split(/\s+/).length <= 4;
  return codeLike ? `/search?q=${encodeURIComponent(term)}` : searchPath(term);
}
