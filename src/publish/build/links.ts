/**
 * Every link the site draws resolves (DESIGN.md §3): a check over a built site's pages, with JavaScript off.
 * Each `.html` page is parsed (htmlparser2) for the URLs it names: `href` (links, stylesheets, icons,
 * canonical), `src`, `srcset`, `poster`, GET forms' `action`, a refresh's URL and the Open Graph
 * pictures and URL. Those of the site's own origin are resolved against the page (a `<base href>` too) and
 * looked up the way the storefront server looks them up (src/server/site-files.ts): `/x` is the file `x`
 * or `x/index.html`, `/x/` is `x/index.html`. What is not a file must be one of the routes the server
 * answers without one, listed once below (SERVER_ROUTES). Other origins, `mailto:`/`tel:`/`javascript:`/
 * `data:` URLs, fragments and query strings are not checked.
 *
 * The site is read through `locate`, so a warm build, a layer over a whole build (releases/layers.ts),
 * is checked as the server sees it: `layeredLocate(layers)`. Each distinct URL is looked up once,
 * however many pages name it, and the site's header (its menus: half a product page, most of its links)
 * is parsed once, not on every page (`pageReader`). About 0.5 ms a page on the demo site's pages.
 */
import { readFile } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative as relativePath, sep } from 'node:path';
import { Parser } from 'htmlparser2';
import { parseImagePath } from '../../server/images.ts';
import { pathSegments } from '../../server/site-files.ts';
import { DEFAULT_REWRITES } from '../../server/static-site.ts';
import { locateIn, type Layers } from '../releases/layers.ts';

/**
 * A file of the site (relative to `client/`, `/`-separated): its path on disk when the site has it. May
 * answer at once or with a promise.
 */
export type Locate = (relative: string) => string | undefined | Promise<string | undefined>;

/** A GET route of the storefront server that answers without a file of its own. */
export interface ServerRoute {
  /** Where it is answered, for people reading a report. */
  readonly source: string;
  /** Whether the server answers a GET of this raw URL path (not decoded) with the build's files. */
  answers(pathname: string, locate: Locate): boolean | Promise<boolean>;
}

const exact =
  (...paths: string[]) =>
  (pathname: string): boolean =>
    paths.includes(pathname);
const below =
  (prefix: string) =>
  (pathname: string): boolean =>
    pathname.startsWith(prefix) && pathname.length > prefix.length;

/**
 * The storefront server's GET routes that are not files of the build (src/server/app.ts mounts them),
 * the one list of them the link check reads. Its rewrites (client-rendered pages, the search results page)
 * are the server's own list, DEFAULT_REWRITES; the rest are its sub-apps' routes. A route the server
 * gains that pages link to belongs here, or the build that links to it is refused.
 */
export const SERVER_ROUTES: readonly ServerRoute[] = [
  {
    // /search/{term} (search-page.ts draws it, else static-site.ts serves the page), /customer/manage/…,
    // /customer/orders/…: answered by a page of the build, when the build has it.
    source: 'the rewrites of src/server/static-site.ts (DEFAULT_REWRITES)',
    answers(pathname, locate) {
      const rewrite = DEFAULT_REWRITES.find(
        (candidate) =>
          pathname.startsWith(candidate.prefix) &&
          !(candidate.except !== undefined && pathname.startsWith(candidate.except)),
      );
      return rewrite !== undefined && exists(locate(rewrite.file));
    },
  },
  {
    // Whether Magento has the picture is known only when asked: the width, format and folder are checked.
    source: 'the image route /img/{width}/{format}/{folder}/{file} (src/server/images.ts)',
    answers: (pathname) => parseImagePath(pathname) !== undefined,
  },
  {
    source: 'the search form without JavaScript, GET /search?q= (src/server/shopper/proxy.ts)',
    answers: exact('/search'),
  },
  { source: 'the REST proxy /rest/… (src/server/shopper/proxy.ts)', answers: below('/rest/') },
  {
    source: 'the wish list GET /wishlist/items (src/server/shopper/wishlist.ts)',
    answers: exact('/wishlist/items'),
  },
  {
    source: 'the orders GET /orders/mine[/{number}] (src/server/shopper/orders.ts)',
    answers: (pathname) => pathname === '/orders/mine' || below('/orders/mine/')(pathname),
  },
  {
    source: 'the payment status GET /payments/status/{code} (src/payments/routes.ts)',
    answers: below('/payments/status/'),
  },
  {
    source: 'the rebuild status page (src/publish/rebuild/status-routes.ts)',
    answers: exact('/rebuild/status', '/rebuild/status.js'),
  },
];

type Maybe<T> = T | Promise<T>;

/** Whether `locate` found the file, at once when it answered at once. */
const exists = (found: Maybe<string | undefined>): Maybe<boolean> =>
  found instanceof Promise ? found.then((path) => path !== undefined) : found !== undefined;

/** Whether any of the tests passes, in order, answering at once while they all do (no promise per link). */
function anyOf(tests: readonly (() => Maybe<boolean>)[], from = 0): Maybe<boolean> {
  for (let at = from; at < tests.length; at += 1) {
    const test = tests[at];
    const passed = test ? test() : false;
    if (passed instanceof Promise) return passed.then((yes) => yes || anyOf(tests, at + 1));
    if (passed) return true;
  }
  return false;
}

/** Whether one of the server's own routes answers the path (SERVER_ROUTES). */
export const answeredByServer = (pathname: string, locate: Locate): Maybe<boolean> =>
  anyOf(SERVER_ROUTES.map((route) => () => route.answers(pathname, locate)));

/** Whether the site answers a GET of the path: a file of the build, or a route of the server. */
export const resolves = (pathname: string, locate: Locate): Maybe<boolean> =>
  pathname.startsWith('/') &&
  anyOf([
    ...candidateFiles(pathname).map((file) => () => exists(locate(file))),
    () => answeredByServer(pathname, locate),
  ]);

/** The files a URL path may name, as the server tries them (site-files.ts `lookup`); none when it refuses the path. */
export function candidateFiles(pathname: string): string[] {
  const segments = pathSegments(pathname);
  if (!segments) return [];
  const base = segments.join('/');
  if (base === '' || pathname.endsWith('/')) return [base === '' ? 'index.html' : `${base}/index.html`];
  return [base, `${base}/index.html`];
}

/** A link that leads nowhere: the page (its URL path), the URL as the page writes it and the path it names. */
export interface DeadLink {
  readonly page: string;
  readonly link: string;
  readonly path: string;
}

export interface LinkReport {
  /** Pages parsed. */
  readonly pages: number;
  /** Internal links met on them (each occurrence). */
  readonly links: number;
  /** Distinct URL paths looked up. */
  readonly paths: number;
  /** One per page and path, in page order. */
  readonly dead: readonly DeadLink[];
  readonly ms: number;
}

export interface LinkCheckOptions {
  /**
   * The pages to check (relative to `client/`, `/`-separated `.html` files). Default: every `.html` file
   * under the client folder (or, with `locate`, still those under the client folder: pass a layered
   * site's own list, `layeredPages`).
   */
  readonly pages?: Iterable<string>;
  /** How the site's files are found. Default: the files under the client folder, listed once. */
  readonly locate?: Locate;
  /** `SITE_URL`: absolute URLs of this origin are the site's own and checked too. */
  readonly siteUrl?: string | undefined;
  /** Pages read and parsed at a time (default 8). */
  readonly concurrency?: number;
}

/** Every file under `dir` (relative, `/`-separated), but hidden ones and precompressed siblings. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (!(entry.isFile() || entry.isSymbolicLink()) || entry.name.startsWith('.')) continue;
    if (/\.(br|gz)$/.test(entry.name)) continue;
    const relative = relativePath(dir, join(entry.parentPath, entry.name));
    files.push(sep === '/' ? relative : relative.split(sep).join('/'));
  }
  return files;
}

/** The files of one folder, listed once: a whole build's `client/`. */
export async function folderLocate(clientDir: string): Promise<{ locate: Locate; files: string[] }> {
  const files = await filesUnder(clientDir);
  const known = new Set(files);
  return { locate: (relative) => (known.has(relative) ? join(clientDir, relative) : undefined), files };
}

/** The files of a layered build (layers.ts), each looked for once, top layer first. */
export function layeredLocate(layers: Layers): Locate {
  const found = new Map<string, Promise<string | undefined>>();
  return (relative) => {
    let path = found.get(relative);
    if (!path) {
      path = locateIn(layers, relative).then((file) => file?.path);
      found.set(relative, path);
    }
    return path;
  };
}

/** Every page (`.html`) of a layered build: each layer's, less what the top layer removed. */
export async function layeredPages(layers: Layers): Promise<string[]> {
  const pages = new Set<string>();
  for (const [depth, client] of layers.clients.entries())
    for (const file of await filesUnder(client))
      if (file.endsWith('.html') && !(depth > 0 && layers.removed.has(file))) pages.add(file);
  return [...pages].sort();
}

/** The URL path a page is served at: `a/b/index.html` → `/a/b`, `404.html` → `/404.html`. */
export function pageUrlPath(page: string): string {
  if (page === 'index.html') return '/';
  return `/${page.endsWith('/index.html') ? page.slice(0, -'/index.html'.length) : page}`;
}

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

type Visit = (url: string, base: string | undefined) => void;

/** The site's header (its menus) as a page had it: the text from `<header` to `</header>`, and its URLs. */
export interface Region {
  readonly text: string;
  readonly urls: readonly string[];
}

const HEADER = 'header';
const FOREIGN = new Set(['svg', 'math']);

/**
 * Reads the URLs of `html` to `visit`, attributes as the parser meets them (no object per element: a page
 * has thousands). `record`: the first `header` element (outside SVG and MathML, no `<base>` before or in
 * it) is handed over whole. `stopAt`: reading ends, before it, at a `<header` tag starting at that index;
 * `stopped` says whether the parser met one there.
 */
function scan(
  html: string,
  visit: Visit,
  options: { readonly record?: (region: Region) => void; readonly stopAt?: number } = {},
): { base: string | undefined; stopped: boolean } {
  let base: string | undefined;
  let stopped = false;
  let foreign = 0;
  let recording = options.record !== undefined;
  let region: { start: number; depth: number; urls: string[] } | undefined;
  const add = (url: string | undefined) => {
    const trimmed = url?.trim();
    if (!trimmed || stopped) return;
    visit(trimmed, base);
    region?.urls.push(trimmed);
  };
  // The element whose attributes are being read, and those of them read together when it ends.
  let tag = '';
  let action: string | undefined;
  let method: string | undefined;
  let content: string | undefined;
  let refresh = false;
  let openGraph = false;
  const endTag = () => {
    if (tag === 'form' && (method ?? 'get').toLowerCase() === 'get') add(action);
    if (tag === 'meta' && content !== undefined) {
      if (refresh) add(REFRESH_URL.exec(content)?.[2]);
      if (openGraph) add(content);
    }
    tag = '';
    action = method = content = undefined;
    refresh = openGraph = false;
  };
  const parser = new Parser(
    {
      onopentagname(name) {
        endTag();
        if (stopped) return;
        if (name === HEADER && foreign === 0) {
          if (parser.startIndex === options.stopAt) {
            stopped = true;
            return;
          }
          if (region) region.depth += 1;
          else if (recording && base === undefined) {
            region = { start: parser.startIndex, depth: 1, urls: [] };
            recording = false;
          }
        }
        if (FOREIGN.has(name)) foreign += 1;
        if (name === 'base') region = undefined;
        tag = name;
      },
      onattribute(name, value) {
        if (URL_ATTRIBUTES.has(name)) {
          if (tag !== 'base') add(value);
          else if (name === 'href') base ??= value;
        } else if (name === 'srcset') {
          for (const url of srcsetUrls(value)) add(url);
        } else if (tag === 'form') {
          if (name === 'action') action = value;
          else if (name === 'method') method = value;
        } else if (tag === 'meta') {
          if (name === 'content') content = value;
          else if (name === 'http-equiv') refresh = value.toLowerCase() === 'refresh';
          else if (name === 'property' || name === 'name')
            openGraph = OPEN_GRAPH_URLS.has(value.toLowerCase());
        }
      },
      onclosetag(name, implied) {
        endTag();
        if (FOREIGN.has(name) && foreign > 0) foreign -= 1;
        if (name !== HEADER || !region || --region.depth > 0) return;
        const text = html.slice(region.start, parser.endIndex + 1);
        if (!implied && /<\/header\s*>$/i.test(text)) options.record?.({ text, urls: region.urls });
        region = undefined;
      },
      onend: endTag,
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  if (!stopped) parser.end();
  return { base, stopped };
}

/** Headers kept: a site has one, or one per state of its menus. */
const MAX_REGIONS = 4;

/**
 * Reads pages as `linksOf` does, the site's header once: it is the same on every page (the menus, half a
 * product page's bytes), so a page holding a header already read is parsed before and after it only. The
 * text must be the same to the byte, and the parser must find a `<header` tag where it starts (not text
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

/**
 * A URL of a page read as Latin-1 (one character a byte: quicker to decode and to parse than UTF-8, and
 * the same for the ASCII nearly every URL is) as the page's UTF-8 wrote it.
 */
function fromLatin1(url: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(url) || /[^\x00-\xff]/.test(url)) return url;
  const text = Buffer.from(url, 'latin1').toString('utf8');
  // Not UTF-8 bytes: a character an entity spelled (`&eacute;`), kept as it is.
  return text.includes('\uFFFD') ? url : text;
}

/** A file's bytes (the callback API: without a FileHandle per file, a third quicker over 15,000 pages). */
const read = (path: string): Promise<Buffer> =>
  new Promise((resolve, reject) => readFile(path, (error, data) => (error ? reject(error) : resolve(data))));

/** `/x`, not `//host/x`. */
const isRootRelative = (url: string): boolean => url.charCodeAt(0) === 47 && url.charCodeAt(1) !== 47;

/** A URL that leads to the same place from every page: `/x`, `//host/x`, `scheme:…` or `#x`. */
const isPageIndependent = (url: string): boolean =>
  url.startsWith('/') || url.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(url);

/** A stand-in origin for the pages when the site's own is not known: no page links to it. */
const NO_ORIGIN = 'http://site.invalid';

/**
 * Checks every internal link of the pages against the site (module comment). Pages the site does not
 * have are skipped; a page that cannot be read throws.
 */
export async function checkLinks(clientDir: string, options: LinkCheckOptions = {}): Promise<LinkReport> {
  const started = performance.now();
  let locate = options.locate;
  let pages = options.pages ? [...options.pages] : undefined;
  if (!locate || !pages) {
    const folder = await folderLocate(clientDir);
    locate ??= folder.locate;
    pages ??= folder.files.filter((file) => file.endsWith('.html')).sort();
  }
  const site = locate;
  const origin = options.siteUrl ? new URL(options.siteUrl).origin : NO_ORIGIN;
  const dead: { at: number; order: number; link: DeadLink }[] = [];
  let links = 0;
  let checked = 0;
  // Each distinct path's answer: a promise only while a lookup that answered with one is under way.
  const known = new Map<string, Maybe<boolean>>();
  // `/x` (or `https://…`) leads to the same path from every page: worked out once (menus are on every page).
  const home = new URL('/', origin);
  const fixedPaths = new Map<string, string | null>();
  const fixedPath = (url: string): string | undefined => {
    let path = fixedPaths.get(url);
    if (path === undefined) {
      path = internalPath(url, home, undefined) ?? null;
      fixedPaths.set(url, path);
    }
    return path ?? undefined;
  };
  // Once every URL of the site's header leads to the same path from every page and resolves, a page
  // holding that header adds only their count (pageReader): they are most of a page's links.
  const headerLinks = new WeakMap<Region, number>();
  const headerResolved = (region: Region): boolean => {
    let count = headerLinks.get(region);
    if (count === undefined) {
      count = 0;
      for (const written of region.urls) {
        const url = fromLatin1(written);
        if (!isPageIndependent(url)) return false;
        const path = fixedPath(url);
        if (path === undefined) continue;
        if (known.get(path) !== true) return false;
        count += 1;
      }
      headerLinks.set(region, count);
    }
    links += count;
    return true;
  };
  const readLinks = pageReader();

  const checkPage = async (page: string, at: number): Promise<void> => {
    const file = await site(page);
    if (file === undefined) return;
    const pageUrl = new URL(pageUrlPath(page), origin);
    const html = (await read(file)).toString('latin1');
    checked += 1;
    const deadHere = new Set<string>();
    const waiting: Promise<void>[] = [];
    const fail = (order: number, url: string, path: string) => {
      if (deadHere.has(path)) return;
      deadHere.add(path);
      dead.push({ at, order, link: { page: pageUrl.pathname, link: url, path } });
    };
    readLinks(
      html,
      (written, base) => {
        const url = fromLatin1(written);
        const path =
          base === undefined && isRootRelative(url) ? fixedPath(url) : internalPath(url, pageUrl, base);
        if (path === undefined) return;
        const order = links++;
        let answer = known.get(path);
        if (answer === undefined) {
          answer = resolves(path, site);
          known.set(path, answer);
          if (answer instanceof Promise) void answer.then((yes) => known.set(path, yes));
        }
        if (answer instanceof Promise)
          waiting.push(
            answer.then((yes) => {
              if (!yes) fail(order, url, path);
            }),
          );
        else if (!answer) fail(order, url, path);
      },
      headerResolved,
    );
    await Promise.all(waiting);
  };

  let next = 0;
  const list = pages;
  const worker = async () => {
    for (let at = next++; at < list.length; at = next++) {
      const page = list[at];
      if (page !== undefined) await checkPage(page, at);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  dead.sort((a, b) => a.at - b.at || a.order - b.order);
  return {
    pages: checked,
    links,
    paths: known.size,
    dead: dead.map((entry) => entry.link),
    ms: Math.round(performance.now() - started),
  };
}

/**
 * The dead links as a build's problems (checks.ts): what is wrong and how much, then up to `max` of them
 * as `page → link`, each distinct URL first (one link in every menu is thousands of pages).
 */
export function deadLinkProblems(report: LinkReport, max = 20): string[] {
  const { dead } = report;
  if (dead.length === 0) return [];
  const paths = new Set(dead.map((link) => link.path));
  const pages = new Set(dead.map((link) => link.page));
  const shown: DeadLink[] = [];
  const firsts = new Set<string>();
  for (const link of dead)
    if (shown.length < max && !firsts.has(link.path)) {
      firsts.add(link.path);
      shown.push(link);
    }
  for (const link of dead) if (shown.length < max && !shown.includes(link)) shown.push(link);
  const plural = (n: number, one: string, many: string) =>
    `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
  return [
    `${plural(dead.length, 'link leads', 'links lead')} nowhere (${plural(paths.size, 'URL', 'distinct URLs')} on ${plural(pages.size, 'page', 'pages')}; ${plural(report.pages, 'page', 'pages')} checked): every link the site draws must resolve.`,
    ...shown.map(
      (link) => `  ${link.page} → ${link.link}${link.link === link.path ? '' : ` (${link.path})`}`,
    ),
    ...(dead.length > shown.length
      ? [`  … and ${(dead.length - shown.length).toLocaleString('en-GB')} more.`]
      : []),
  ];
}
