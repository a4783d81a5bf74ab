/**
 * Whether the signed-in customer's company role may see quotes, as the browser remembers it: localStorage
 * `quotes` holds 'true' while it may (a non-secret marker beside `login`, as the trade marker is). Set or
 * cleared whenever `/negotiable-quotes/access` is read (My Account and the company page read it on every
 * visit, and sign-in lands on My Account). Base.astro's inline script reads it before the first paint:
 * `<html data-quotes>` shows the account menu's My quotes, so no page pays a script or a request for it.
 */
export const QUOTES_KEY = 'quotes';

export function rememberQuoteAccess(view: boolean): void {
  try {
    if (view) localStorage.setItem(QUOTES_KEY, 'true');
    else localStorage.removeItem(QUOTES_KEY);
  } catch {
    // storage unavailable: the menu offers My quotes only from My Account and the company page
  }
}
