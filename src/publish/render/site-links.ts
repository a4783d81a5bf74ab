/**
 * The links of a site's pages, gathered where each page is already read, for the link check (links.ts):
 * the site pass reads every page `astro build` writes (site-pass.ts) and the warm renderer has each page
 * it renders in memory (warm.ts), so no page is read or parsed again after the build. Each page's
 * URLs (page-links.ts) are kept as the distinct links they are (the path each leads to, with the URL as
 * written), so the check looks each path up once and names the pages that hold a dead one. The site's
 * header (its menus: half a page's links) is read once and kept once, as a run the pages share.
 *
 * What crosses from the warm renderer's process is this plain data, parsed (`siteLinksSchema`).
 */
import { z } from 'zod';
import {
  fromLatin1,
  internalPath,
  isPageIndependent,
  pageReader,
  pageUrlPath,
  type Region,
} from './page-links.ts';

/**
 * A list of integers, checked in one loop: z.array checks each entry as a value of its own (0.9 s, not
 * 0.3 s, for the lists of a warm run that rewrote every page, 15,652 at 10,000 products).
 */
const integers = z.custom<number[]>(
  (value) => Array.isArray(value) && value.every((entry) => Number.isInteger(entry)),
  { error: 'Invalid input: expected a list of integers' },
);

/** One page's links, in document order. */
const pageLinksSchema = z.object({
  /** The page, relative to `client/` (`a/index.html`). */
  page: z.string(),
  /**
   * Its distinct links, each where the page first names it: an index into `targets`, or `-1 - i` for
   * the run `shared[i]` (the site's header), where the header is. Four bytes a link, kept to the end of a
   * run: the collector of a whole build at 10,000 products (1.4 million) kept 39 MB with lists of numbers,
   * 27 MB so.
   */
  links: z.instanceof(Int32Array),
  /** The links it names into the site, each occurrence counted. */
  count: z.number().int().nonnegative(),
});
export type PageLinks = z.infer<typeof pageLinksSchema>;

/** Every index of `links` names a target or a run that exists: what the check reads, it can trust. */
function strayIndex(links: {
  readonly targets: readonly unknown[];
  readonly shared: readonly (readonly number[])[];
  readonly pages: readonly PageLinks[];
}): string | undefined {
  const { length } = links.targets;
  for (const [at, run] of links.shared.entries())
    for (const id of run) if (id < 0 || id >= length) return `shared[${at}] names target ${id}`;
  for (const page of links.pages)
    for (const id of page.links)
      if (id >= length || -1 - id >= links.shared.length) return `${page.page} names link ${id}`;
  return undefined;
}

/** The links of a site's pages (or of the pages a warm run wrote). */
export const siteLinksSchema = z
  .object({
    /** Each distinct link: the raw path of the site it leads to, and the URL as a page writes it. */
    targets: z.array(z.object({ path: z.string(), url: z.string() })),
    /** Runs of links several pages hold alike (the site's header), as indexes into `targets`. */
    shared: z.array(integers),
    pages: z.array(pageLinksSchema),
  })
  .check((context) => {
    const stray = strayIndex(context.value);
    if (stray !== undefined)
      context.issues.push({
        code: 'custom',
        message: `an index out of range: ${stray}`,
        input: context.value,
      });
  });
export type SiteLinks = z.infer<typeof siteLinksSchema>;

export const NO_LINKS: SiteLinks = { targets: [], shared: [], pages: [] };

/** A stand-in origin for the pages when the site's own is not known: no page links to it. */
const NO_ORIGIN = 'http://site.invalid';

/**
 * A copy of a string read from a page that holds nothing of the page: V8 keeps the whole text a match was
 * sliced from alive while the slice lives, so each kept link would keep its page (gigabytes for a build).
 */
const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

export interface LinkCollector {
  /** Reads a page's links (`page` relative to `client/`); a page read again replaces what it had. */
  add(page: string, html: string): void;
  /** Forgets a page (gone from the folder). */
  drop(page: string): void;
  /** The links of the pages read and not dropped, the pages in the order of their names. */
  siteLinks(): SiteLinks;
}

/** What a collector keeps: the targets interned once for every page, and each page's links. */
interface Collected {
  readonly origin: string;
  readonly home: URL;
  readonly decode: (url: string) => string;
  readonly targets: { path: string; url: string }[];
  readonly shared: number[][];
  readonly pages: Map<string, PageLinks>;
  /** A target's id by its path and URL. */
  readonly target: Map<string, number>;
  /** A URL that leads to the same place from every page (`/x`, `https://…`: the menus): its id, once. */
  readonly fixed: Map<string, number>;
  /** A region of URLs shared by every page (the header), as a run of `shared`; null when it is not one. */
  readonly runs: WeakMap<Region, { index: number; count: number } | null>;
  readonly readLinks: ReturnType<typeof pageReader>;
}

function intern(state: Collected, path: string, url: string): number {
  const key = path === url ? url : `${path}\n${url}`;
  let id = state.target.get(key);
  if (id === undefined) {
    id = state.targets.push({ path: detached(path), url: detached(url) }) - 1;
    state.target.set(detached(key), id);
  }
  return id;
}

function fixedTarget(state: Collected, url: string): number {
  let id = state.fixed.get(url);
  if (id === undefined) {
    const path = internalPath(url, state.home, undefined);
    id = path === undefined ? -1 : intern(state, path, url);
    state.fixed.set(detached(url), id);
  }
  return id;
}

function runOf(state: Collected, region: Region): { index: number; count: number } | null {
  let run = state.runs.get(region);
  if (run === undefined) {
    const urls = region.urls.map(state.decode);
    const ids = urls.every(isPageIndependent)
      ? urls.map((url) => fixedTarget(state, url)).filter((id) => id >= 0)
      : undefined;
    run = ids ? { index: state.shared.push([...new Set(ids)]) - 1, count: ids.length } : null;
    state.runs.set(region, run);
  }
  return run;
}

/** Reads one page's links: each target once, in the order first seen; `count` counts every link. */
function addPage(state: Collected, page: string, html: string): void {
  let pageUrl: URL | undefined;
  const links: number[] = [];
  const seen = new Set<number>();
  let count = 0;
  const push = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    links.push(id);
  };
  const visit = (written: string, base: string | undefined) => {
    const url = state.decode(written);
    let id: number;
    if (base === undefined && isPageIndependent(url)) id = fixedTarget(state, url);
    else {
      pageUrl ??= new URL(pageUrlPath(page), state.origin);
      const path = internalPath(url, pageUrl, base);
      id = path === undefined ? -1 : intern(state, path, url);
    }
    if (id < 0) return;
    count += 1;
    push(id);
  };
  // The header, where every URL of it leads to the same place from any page: its run, not its URLs.
  const sharedRun = (region: Region): boolean => {
    const run = runOf(state, region);
    if (!run) return false;
    count += run.count;
    push(-1 - run.index);
    return true;
  };
  state.readLinks(html, visit, sharedRun);
  state.pages.set(page, { page, links: Int32Array.from(links), count });
}

/**
 * Gathers the links of pages served at `siteUrl`'s origin (absolute URLs of it are the site's own).
 * `latin1`: the pages are handed over decoded as Latin-1, one character a byte (page-links.ts, `fromLatin1`).
 */
export function linkCollector(
  siteUrl: string | undefined,
  options: { latin1?: boolean } = {},
): LinkCollector {
  const origin = siteUrl ? new URL(siteUrl).origin : NO_ORIGIN;
  const state: Collected = {
    ...{ origin, home: new URL('/', origin), decode: options.latin1 ? fromLatin1 : (url: string) => url },
    ...{ targets: [], shared: [], pages: new Map(), target: new Map(), fixed: new Map() },
    ...{ runs: new WeakMap(), readLinks: pageReader() },
  };
  return {
    add: (page, html) => addPage(state, page, html),
    drop(page) {
      state.pages.delete(page);
    },
    siteLinks() {
      const names = [...state.pages.keys()].sort();
      return {
        targets: state.targets,
        shared: state.shared,
        pages: names.flatMap((name) => state.pages.get(name) ?? []),
      };
    },
  };
}
