/**
 * The URLs a built page names, for the link check (links.ts): each `.html` page's tags are read
 * (tag-reader.ts, as htmlparser2 tokenizes them) for `href` (links, stylesheets, icons, canonical),
 * `src`, `srcset`, `poster`, GET forms' `action`, a refresh's URL and the Open Graph pictures and URL,
 * with the `<base href>` before each. The site's header (its menus: half a product page, most of its
 * links) is read once, not on every page (`pageReader`).
 * Then where each URL leads: a raw path of the site, or nothing to check (`internalPath`).
 */
import { attributeValue, readTags, Wanted } from './tag-reader.ts';

const isSpace = (code: number): boolean =>
  code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
const COMMA = 44;

/** The URLs of a `srcset`: each candidate's URL before its descriptor (the HTML standard's parse, without errors). */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  const length = srcset.length;
  let at = 0;
  while (at < length) {
    while (at < length && (isSpace(srcset.charCodeAt(at)) || srcset.charCodeAt(at) === COMMA)) at += 1;
    if (at >= length) break;
    const start = at;
    while (at < length && !isSpace(srcset.charCodeAt(at))) at += 1;
    let end = at;
    // A URL followed directly by a comma has no descriptor.
    while (end > start && srcset.charCodeAt(end - 1) === COMMA) end -= 1;
    if (end > start) urls.push(srcset.slice(start, end));
    if (end < at) continue;
    while (at < length && srcset.charCodeAt(at) !== COMMA) at += 1;
  }
  return urls;
}

const REFRESH_URL = /^\s*\d*(?:\.\d*)?\s*[;,]?\s*url\s*=\s*(['"]?)(.*?)\1\s*$/i;
const OPEN_GRAPH_URLS = new Set(['og:url', 'og:image', 'og:image:url', 'twitter:image']);
/** Attributes whose value is one URL, on any element. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'xlink:href']);
/** Every attribute read: the tag reader passes over the others. */
const READ = new Wanted([
  ...URL_ATTRIBUTES,
  ...['srcset', 'action', 'method', 'content', 'http-equiv', 'property', 'name'],
]);

/** A URL a page names, as written, with the `<base href>` that came before it, if any. */
export interface PageLink {
  readonly url: string;
  readonly base: string | undefined;
}

/**
 * Every URL one HTML document names that a browser follows or fetches with JavaScript off, in document
 * order.
 */
export function linksOf(html: string): PageLink[] {
  const found: PageLink[] = [];
  scan(html, (url, base) => found.push({ url, base }));
  return found;
}

export type Visit = (url: string, base: string | undefined) => void;

/** The site's header (its menus) as a page had it: the text from `<header` to `</header>`, and its URLs. */
export interface Region {
  readonly text: string;
  readonly urls: readonly string[];
}

const HEADER = 'header';

/**
 * The URLs one element's attributes name, read as the reader meets them: each is handed to `add`, a
 * `<base href>` to `setBase`. Those read together (a form's action and method, a meta's content and what
 * it is) are handed over when the element ends.
 */
function attributeReader(add: (url: string | undefined) => void, setBase: (href: string) => void) {
  let tag = '';
  let action: string | undefined;
  let method: string | undefined;
  let content: string | undefined;
  let refresh = false;
  let openGraph = false;
  const end = () => {
    if (tag === 'form' && (method ?? 'get').toLowerCase() === 'get') add(action);
    if (tag === 'meta' && content !== undefined) {
      if (refresh) add(REFRESH_URL.exec(content)?.[2]);
      if (openGraph) add(content);
    }
    tag = '';
    action = method = content = undefined;
    refresh = openGraph = false;
  };
  const open = (name: string) => {
    tag = name;
  };
  const attribute = (name: string, raw: string, quote: string) => {
    const value = attributeValue(raw, quote);
    if (URL_ATTRIBUTES.has(name)) {
      if (tag !== 'base') add(value);
      else if (name === 'href') setBase(value);
    } else if (name === 'srcset') {
      for (const url of srcsetUrls(value)) add(url);
    } else if (tag === 'form') {
      if (name === 'action') action = value;
      else if (name === 'method') method = value;
    } else if (tag === 'meta') {
      if (name === 'content') content = value;
      else if (name === 'http-equiv') refresh = value.toLowerCase() === 'refresh';
      else if (name === 'property' || name === 'name') openGraph = OPEN_GRAPH_URLS.has(value.toLowerCase());
    }
  };
  return { open, attribute, end };
}

/**
 * Reads the URLs of `html` to `visit`, attributes as the reader meets them (no object per element: a page
 * has thousands). `record`: the first `header` element (outside SVG and MathML, no `<base>` before or in
 * it) is handed over whole. `stopAt`: reading ends, before it, at a `<header` tag starting at that index;
 * `stopped` says whether the reader met one there.
 */
function scan(
  html: string,
  visit: Visit,
  options: { readonly record?: (region: Region) => void; readonly stopAt?: number } = {},
): { base: string | undefined; stopped: boolean } {
  let base: string | undefined;
  let stopped = false;
  let recording = options.record !== undefined;
  let region: { start: number; depth: number; urls: string[] } | undefined;
  const element = attributeReader(
    (url) => {
      const trimmed = url?.trim();
      if (!trimmed || stopped) return;
      visit(trimmed, base);
      region?.urls.push(trimmed);
    },
    (href) => {
      base ??= href;
    },
  );
  readTags(
    html,
    {
      open(name, start, foreign) {
        element.end();
        if (name === HEADER && !foreign) {
          if (start === options.stopAt) {
            stopped = true;
            return false;
          }
          if (region) region.depth += 1;
          else if (recording && base === undefined) {
            region = { start, depth: 1, urls: [] };
            recording = false;
          }
        }
        if (name === 'base') region = undefined;
        element.open(name);
        return true;
      },
      attribute: element.attribute,
      close(name, end) {
        element.end();
        if (name !== HEADER || !region || --region.depth > 0) return;
        const text = html.slice(region.start, end + 1);
        if (/<\/header\s*>$/i.test(text)) options.record?.({ text, urls: region.urls });
        region = undefined;
      },
    },
    READ,
  );
  if (!stopped) element.end();
  return { base, stopped };
}

/** Headers kept: a site has one, or one per state of its menus. */
const MAX_REGIONS = 4;

/**
 * Reads pages as `linksOf` does, the site's header once: it is the same on every page (the menus, half a
 * product page's bytes), so a page holding a header already read is parsed before and after it only. The
 * text must be the same to the byte, and the reader must find a `<header` tag where it starts (not text
 * in a script or a comment), so what is found is what parsing the whole page would find. `known`: whether
 * the reader's caller has no more use for a header's URLs (they are not visited then).
 */
export function pageReader(): (html: string, visit: Visit, known?: (region: Region) => boolean) => void {
  const regions: Region[] = [];
  const remember = (region: Region) => {
    regions.unshift(region);
    regions.length = Math.min(regions.length, MAX_REGIONS);
  };
  return (html, visit, known) => {
    for (const [index, region] of regions.entries()) {
      const at = html.indexOf(region.text);
      if (at === -1) continue;
      const before: [string, string | undefined][] = [];
      const head = scan(html.slice(0, at + HEADER.length + 2), (url, base) => before.push([url, base]), {
        stopAt: at,
      });
      if (!head.stopped || head.base !== undefined) break;
      for (const [url, base] of before) visit(url, base);
      if (!known?.(region)) for (const url of region.urls) visit(url, undefined);
      scan(html.slice(at + region.text.length), visit);
      if (index > 0) remember(regions.splice(index, 1)[0] ?? region);
      return;
    }
    scan(html, visit, { record: remember });
  };
}

/** The URL path a page is served at: `a/b/index.html` → `/a/b`, `404.html` → `/404.html`. */
export function pageUrlPath(page: string): string {
  if (page === 'index.html') return '/';
  return `/${page.endsWith('/index.html') ? page.slice(0, -'/index.html'.length) : page}`;
}

/** Where a URL written on a page leads, as a raw path of the site; undefined for what is not checked. */
export function internalPath(url: string, pageUrl: URL, base: string | undefined): string | undefined {
  if (url.startsWith('#')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(url, base === undefined ? pageUrl : new URL(base, pageUrl));
  } catch {
    // Not a URL a browser could follow: named as it is, as dead.
    return url;
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return undefined;
  if (resolved.origin !== pageUrl.origin) return undefined;
  return resolved.pathname;
}

/** `/x`, not `//host/x`. */
export const isRootRelative = (url: string): boolean => url.charCodeAt(0) === 47 && url.charCodeAt(1) !== 47;

/** A URL that leads to the same place from every page: `/x`, `//host/x`, `scheme:…` or `#x`. */
export const isPageIndependent = (url: string): boolean =>
  url.startsWith('/') || url.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(url);

/**
 * A URL of a page read as Latin-1 (one character a byte: quicker to decode and to parse than UTF-8, and
 * the same for the ASCII nearly every URL is) as the page's UTF-8 wrote it.
 */
export function fromLatin1(url: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(url) || /[^\x00-\xff]/.test(url)) return url;
  const text = Buffer.from(url, 'latin1').toString('utf8');
  // Not UTF-8 bytes: a character an entity spelled (`&eacute;`), kept as it is.
  return text.includes('\uFFFD') ? url : text;
}
