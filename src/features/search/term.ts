/** The search route's term (spec §2: `/search/{search}`), read alike by the page's script and the server. */

/** The search term of a `/search/{term}` path: decoded, or the raw text when its escapes are malformed. */
export function termFromPath(pathname: string): { term: string; valid: boolean } {
  const raw = pathname.replace(/^\/search\/?/, '').replace(/\/+$/, '');
  try {
    return { term: decodeURIComponent(raw), valid: true };
  } catch {
    return { term: raw, valid: false };
  }
}
