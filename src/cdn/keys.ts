/**
 * Surrogate keys: the tags a CDN files each cached answer under, so a publish can purge exactly the files
 * it changed (docs/cdn.md, "Surrogate keys"). They come from a built file's path alone, so the server that
 * sends them and the publisher that purges them cannot disagree: the server tags a file with
 * `surrogateKeysFor(path)`, the publisher purges `purgeKeysFor(paths it changed)`.
 *
 * Each file has its own key, `{kind}:{id}` (`product:car-shampoo`, `listing:home-garden/pressure-washer`,
 * `search:t/pre`, `facts:12`, `page:/basket`, `data:sitemap.xml`), its kind's key (`product`…)
 * to drop every file of a kind at once, and `build`, on every file, to drop them all.
 */
import { createHash } from 'node:crypto';
import { AUDIENCE_NAMES } from '../catalogue/categories.ts';
import { RESERVED_SEGMENTS } from '../site/product-view.ts';

export type FileKind = 'product' | 'listing' | 'search' | 'facts' | 'page' | 'data' | 'asset';

/** On every built file: purging it drops the whole site from the CDN. */
export const BUILD_KEY = 'build';

/**
 * On the search results pages the server draws per term from the search index (src/server/search-page.ts):
 * they change when any index file does, so a publish that changed one purges them all.
 */
export const SEARCH_RESULTS_KEY = 'search-results';

/** Longer keys are replaced by a hash (Fastly and Cloudflare refuse keys past 1,024 bytes; CloudFront 256). */
const MAX_KEY_LENGTH = 256;

const SEARCH_DATA = 'search/data/';
const FACTS_DATA = 'product-data/';
const AUDIENCES: ReadonlySet<string> = new Set(Object.keys(AUDIENCE_NAMES));

const withoutSuffix = (path: string, suffix: string): string =>
  path.endsWith(suffix) ? path.slice(0, -suffix.length) : path;

/** The kind of a built file and its id within that kind, from its path relative to `dist/client`. */
export function classify(relative: string): { kind: FileKind; id: string } {
  const path = relative.replace(/^\/+/, '');
  if (path.startsWith('_astro/')) return { kind: 'asset', id: path };
  if (path.startsWith(SEARCH_DATA))
    return { kind: 'search', id: withoutSuffix(path.slice(SEARCH_DATA.length), '.json') };
  if (path.startsWith(FACTS_DATA) && path.endsWith('.json'))
    return { kind: 'facts', id: withoutSuffix(path.slice(FACTS_DATA.length), '.json') };
  if (!path.endsWith('.html')) return { kind: 'data', id: path };
  // A page: `x/index.html` is served at `/x`, other HTML files (`404.html`) by their name.
  const route = path === 'index.html' ? '' : withoutSuffix(path, '/index.html');
  const segments = route.split('/');
  const first = segments[0] ?? '';
  if (route.endsWith('.html')) return { kind: 'page', id: `/${route}` };
  if (AUDIENCES.has(first)) return { kind: 'listing', id: route };
  if (segments.length === 1 && first !== '' && !RESERVED_SEGMENTS.has(first.toLowerCase()))
    return { kind: 'product', id: first };
  return { kind: 'page', id: `/${route}` };
}

/**
 * `{kind}:{id}` in printable ASCII with no space or comma (how Surrogate-Key, xkey and Cache-Tag separate
 * keys): each path segment percent-encoded, too long a key hashed.
 */
function keyOf(kind: FileKind, id: string): string {
  const key = `${kind}:${id.split('/').map(encodeURIComponent).join('/')}`;
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${kind}:#${createHash('sha256').update(id).digest('base64url').slice(0, 32)}`;
}

/** The key of this file alone: what purging that one file sends. */
export function fileKey(relative: string): string {
  const { kind, id } = classify(relative);
  return keyOf(kind, id);
}

/** Every key a built file is tagged with: its own, its kind's and `build`. */
export function surrogateKeysFor(relative: string): string[] {
  const { kind, id } = classify(relative);
  return [keyOf(kind, id), kind, BUILD_KEY];
}

/**
 * The keys that drop from a CDN whatever a publish changed, given the paths (relative to `dist/client`)
 * it wrote or removed: each file's own key, and the search results pages when the search index changed.
 */
export function purgeKeysFor(changed: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const relative of changed) {
    const { kind, id } = classify(relative);
    keys.add(keyOf(kind, id));
    if (kind === 'search') keys.add(SEARCH_RESULTS_KEY);
  }
  return [...keys];
}

/**
 * The file a URL would be served from were it in the build (`/x` → `x/index.html`, `/x.json` → `x.json`):
 * a 404 carries that file's key too, so the publish that creates the file purges the cached 404.
 */
export function fileForUrlPath(pathname: string): string | undefined {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const last = segments.at(-1);
  if (last === undefined || pathname.endsWith('/') || !last.includes('.'))
    return [...segments, 'index.html'].join('/');
  return segments.join('/');
}
