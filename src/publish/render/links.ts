/**
 * Every link the site draws resolves (DESIGN.md §3): a check over a built site's pages, with JavaScript off.
 * The URLs each `.html` page names are read by page-links.ts, gathered where the build already reads each
 * page (site-links.ts: the site pass, the warm renderer). Those of the site's own origin are resolved
 * against the page (a `<base href>` too) and looked up the way the storefront server looks them up
 * (src/server/site-files.ts, by src/http/site-paths.ts): `/x` is the file `x` or `x/index.html`, `/x/` is
 * `x/index.html`. What is not a file must be one of the routes the server answers without one, listed once
 * in src/http/site-paths.ts (SERVER_ROUTES). Other origins, `mailto:`/`tel:`/`javascript:`/`data:` URLs,
 * fragments and query strings are not checked.
 *
 * The site is read through `locate`, so a warm build, a layer over a whole build (releases/layers.ts),
 * is checked as the server sees it: `layeredLocate(layers)`. Each distinct path is looked up once, at the
 * end, however many pages name it (17,562 paths for 4.3 million links at 10,000 products).
 */
import { readFile } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative as relativePath, sep } from 'node:path';
import { z } from 'zod';
import {
  answeredByServer,
  anyOf,
  exists,
  pathSegments,
  type Locate,
  type Maybe,
} from '../../http/site-paths.ts';
import { locateIn, type Layers } from '../releases/layers.ts';
import { pageUrlPath } from './page-links.ts';
import { linkCollector, siteLinksSchema, type SiteLinks } from './site-links.ts';
import { forEachConcurrently } from '../releases/files.ts';

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
const deadLinkSchema = z.object({ page: z.string(), link: z.string(), path: z.string() });
export type DeadLink = Readonly<z.infer<typeof deadLinkSchema>>;

/** What a link check found: it crosses from the renderer's process when its page scan made it (below). */
export const linkReportSchema = z.object({
  /** Pages parsed. */
  pages: z.number().int().nonnegative(),
  /** Internal links met on them (each occurrence). */
  links: z.number().int().nonnegative(),
  /** Distinct URL paths looked up. */
  paths: z.number().int().nonnegative(),
  /** One per page and path, the pages in the order of their names, each page's in document order. */
  dead: z.array(deadLinkSchema).readonly(),
  ms: z.number().nonnegative(),
});
export type LinkReport = Readonly<z.infer<typeof linkReportSchema>>;

/**
 * A warm run's links: gathered from the pages it wrote, for the publisher to check against the new build
 * as the server will read it, or checked already, where the run knew the build's folders (a whole build:
 * its links, 150,000 pages' at 100,000 products, then never leave the renderer's page scan).
 */
export const scannedLinksSchema = z.discriminatedUnion('checked', [
  z.object({ checked: z.literal(false), gathered: siteLinksSchema }),
  z.object({ checked: z.literal(true), report: linkReportSchema }),
]);
export type ScannedLinks = z.infer<typeof scannedLinksSchema>;

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
  /** Pages read at a time (default 8). */
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

/**
 * The files of a build's client folders, each listed once and looked for top first: a whole build's
 * `client/`, or, before its bundle is linked in, its own over the bundle's.
 */
export async function folderLocate(...clientDirs: string[]): Promise<{ locate: Locate; files: string[] }> {
  const listed = await Promise.all(
    clientDirs.map(async (dir) => ({ dir, known: new Set(await filesUnder(dir)) })),
  );
  const locate: Locate = (relative) => {
    const folder = listed.find(({ known }) => known.has(relative));
    return folder && join(folder.dir, relative);
  };
  return { locate, files: [...new Set(listed.flatMap(({ known }) => [...known]))] };
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

/** The targets and shared runs the pages name (a page read again may have left some unnamed). */
function namedTargets(links: SiteLinks): Set<number> {
  const named = new Set<number>();
  const runs = new Set<number>();
  for (const page of links.pages)
    for (const id of page.links) {
      if (id >= 0) named.add(id);
      else runs.add(-1 - id);
    }
  for (const run of runs) for (const id of links.shared[run] ?? []) named.add(id);
  return named;
}

/** The paths of the targets that lead nowhere, each path looked up once. */
async function deadPaths(links: SiteLinks, named: ReadonlySet<number>, locate: Locate) {
  const paths = new Set<string>();
  for (const id of named) {
    const path = links.targets[id]?.path;
    if (path !== undefined) paths.add(path);
  }
  const dead = new Set<string>();
  const waiting: Promise<void>[] = [];
  for (const path of paths) {
    const resolved = resolves(path, locate);
    if (resolved instanceof Promise)
      waiting.push(
        resolved.then((yes) => {
          if (!yes) dead.add(path);
        }),
      );
    else if (!resolved) dead.add(path);
  }
  await Promise.all(waiting);
  return { paths: paths.size, dead };
}

/** The dead links of each page, in page order, each dead path once a page (where the page first names it). */
function deadLinksOf(links: SiteLinks, dead: ReadonlySet<string>): DeadLink[] {
  if (dead.size === 0) return [];
  const found: DeadLink[] = [];
  const isDead = (id: number): boolean => {
    const target = links.targets[id];
    return target !== undefined && dead.has(target.path);
  };
  const runHasDead = links.shared.map((run) => run.some(isDead));
  for (const { page, links: named } of links.pages) {
    if (!named.some((id) => (id < 0 ? runHasDead[-1 - id] : isDead(id)))) continue;
    const told = new Set<string>();
    for (const link of named)
      for (const id of link < 0 ? (links.shared[-1 - link] ?? []) : [link]) {
        const target = links.targets[id];
        if (!target || !dead.has(target.path) || told.has(target.path)) continue;
        told.add(target.path);
        found.push({ page: pageUrlPath(page), link: target.url, path: target.path });
      }
  }
  return found;
}

/**
 * Checks the links gathered from a site's pages (site-links.ts) against the site as `locate` finds its
 * files (module comment): each distinct path once, however many pages name it.
 */
export async function checkGatheredLinks(links: SiteLinks, locate: Locate): Promise<LinkReport> {
  const started = performance.now();
  const named = namedTargets(links);
  const { paths, dead } = await deadPaths(links, named, locate);
  return {
    pages: links.pages.length,
    links: links.pages.reduce((sum, page) => sum + page.count, 0),
    paths,
    dead: deadLinksOf(links, dead),
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Reads the pages from the site's files and checks their links (module comment): for a site no build is
 * writing (a whole live site, a test's). Pages the site does not have are skipped; a page that cannot be
 * read throws.
 */
export async function checkLinks(clientDir: string, options: LinkCheckOptions = {}): Promise<LinkReport> {
  const started = performance.now();
  const { locate, pages } = await siteToCheck(clientDir, options);
  const gathered = linkCollector(options.siteUrl, { latin1: true });
  await forEachConcurrently(pages, options.concurrency ?? 8, async (page) => {
    const file = await locate(page);
    if (file !== undefined) gathered.add(page, (await read(file)).toString('latin1'));
  });
  const report = await checkGatheredLinks(gathered.siteLinks(), locate);
  return { ...report, ms: Math.round(performance.now() - started) };
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
