/**
 * Every link the site draws resolves (DESIGN.md §3): a check over a built site's pages, with JavaScript off.
 * The URLs each `.html` page names are read by page-links.ts. Those of the site's own origin are resolved
 * against the page (a `<base href>` too) and looked up the way the storefront server looks them up
 * (src/server/site-files.ts, by src/http/site-paths.ts): `/x` is the file `x` or `x/index.html`, `/x/` is
 * `x/index.html`. What is not a file must be one of the routes the server answers without one, listed once
 * in src/http/site-paths.ts (SERVER_ROUTES). Other origins, `mailto:`/`tel:`/`javascript:`/`data:` URLs,
 * fragments and query strings are not checked.
 *
 * The site is read through `locate`, so a warm build, a layer over a whole build (releases/layers.ts),
 * is checked as the server sees it: `layeredLocate(layers)`. Each distinct URL is looked up once,
 * however many pages name it, and the site's header (its menus: half a product page, most of its links)
 * is parsed once, not on every page (`pageReader`). About 0.5 ms a page on the demo site's pages.
 */
import { readFile } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative as relativePath, sep } from 'node:path';
import {
  answeredByServer,
  anyOf,
  exists,
  pathSegments,
  type Locate,
  type Maybe,
} from '../../http/site-paths.ts';
import { locateIn, type Layers } from '../releases/layers.ts';
import {
  fromLatin1,
  internalPath,
  isPageIndependent,
  isRootRelative,
  pageReader,
  pageUrlPath,
  type Region,
} from './page-links.ts';

export type { Locate } from '../../http/site-paths.ts';

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

/** A file's bytes (the callback API: without a FileHandle per file, a third quicker over 15,000 pages). */
const read = (path: string): Promise<Buffer> =>
  new Promise((resolve, reject) => readFile(path, (error, data) => (error ? reject(error) : resolve(data))));

/** A stand-in origin for the pages when the site's own is not known: no page links to it. */
const NO_ORIGIN = 'http://site.invalid';

/** The pages to check and how the site's files are found: the options', else the client folder's. */
async function siteToCheck(
  clientDir: string,
  options: LinkCheckOptions,
): Promise<{ locate: Locate; pages: string[] }> {
  const { locate, pages } = options;
  if (locate && pages) return { locate, pages: [...pages] };
  const folder = await folderLocate(clientDir);
  return {
    locate: locate ?? folder.locate,
    pages: pages ? [...pages] : folder.files.filter((file) => file.endsWith('.html')).sort(),
  };
}

/**
 * How many of a header's URLs lead into the site, when every one of them leads to the same path from every
 * page and that path is known to resolve; undefined otherwise.
 */
function resolvedCount(
  urls: readonly string[],
  fixedPath: (url: string) => string | undefined,
  known: ReadonlyMap<string, Maybe<boolean>>,
): number | undefined {
  let count = 0;
  for (const written of urls) {
    const url = fromLatin1(written);
    if (!isPageIndependent(url)) return undefined;
    const path = fixedPath(url);
    if (path === undefined) continue;
    if (known.get(path) !== true) return undefined;
    count += 1;
  }
  return count;
}

/** A dead link found, after the page's place in the list (`at`) and the link's on the site (`order`). */
type Found = { readonly at: number; readonly order: number; readonly link: DeadLink };

/** One run of the check over a site: `checkPage` reads a page and looks up its links, `state` is what it found. */
function linkCheck(site: Locate, origin: string) {
  const state = { links: 0, checked: 0, dead: [] as Found[], known: new Map<string, Maybe<boolean>>() };
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
  // Each distinct path's answer: a promise only while a lookup that answered with one is under way.
  const answer = (path: string): Maybe<boolean> => {
    let resolved = state.known.get(path);
    if (resolved === undefined) {
      resolved = resolves(path, site);
      state.known.set(path, resolved);
      if (resolved instanceof Promise) void resolved.then((yes) => state.known.set(path, yes));
    }
    return resolved;
  };
  // Once every URL of the site's header leads to the same path from every page and resolves, a page
  // holding that header adds only their count (pageReader): they are most of a page's links.
  const headerLinks = new WeakMap<Region, number>();
  const headerResolved = (region: Region): boolean => {
    const count = headerLinks.get(region) ?? resolvedCount(region.urls, fixedPath, state.known);
    if (count === undefined) return false;
    headerLinks.set(region, count);
    state.links += count;
    return true;
  };
  const readLinks = pageReader();

  const checkPage = async (page: string, at: number): Promise<void> => {
    const file = await site(page);
    if (file === undefined) return;
    const pageUrl = new URL(pageUrlPath(page), origin);
    const html = (await read(file)).toString('latin1');
    state.checked += 1;
    const deadHere = new Set<string>();
    const waiting: Promise<void>[] = [];
    const fail = (order: number, url: string, path: string) => {
      if (deadHere.has(path)) return;
      deadHere.add(path);
      state.dead.push({ at, order, link: { page: pageUrl.pathname, link: url, path } });
    };
    const visit = (written: string, base: string | undefined) => {
      const url = fromLatin1(written);
      const path =
        base === undefined && isRootRelative(url) ? fixedPath(url) : internalPath(url, pageUrl, base);
      if (path === undefined) return;
      const order = state.links++;
      const resolved = answer(path);
      if (resolved instanceof Promise)
        waiting.push(
          resolved.then((yes) => {
            if (!yes) fail(order, url, path);
          }),
        );
      else if (!resolved) fail(order, url, path);
    };
    readLinks(html, visit, headerResolved);
    await Promise.all(waiting);
  };
  return { state, checkPage };
}

/** Runs `task` over the items, `concurrency` of them at a time, each item once. */
async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, at: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < items.length; at = next++) {
      const item = items[at];
      if (item !== undefined) await task(item, at);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * Checks every internal link of the pages against the site (module comment). Pages the site does not
 * have are skipped; a page that cannot be read throws.
 */
export async function checkLinks(clientDir: string, options: LinkCheckOptions = {}): Promise<LinkReport> {
  const started = performance.now();
  const { locate, pages } = await siteToCheck(clientDir, options);
  const origin = options.siteUrl ? new URL(options.siteUrl).origin : NO_ORIGIN;
  const { state, checkPage } = linkCheck(locate, origin);
  await forEachConcurrently(pages, options.concurrency ?? 8, checkPage);
  state.dead.sort((a, b) => a.at - b.at || a.order - b.order);
  return {
    pages: state.checked,
    links: state.links,
    paths: state.known.size,
    dead: state.dead.map((entry) => entry.link),
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
