/**
 * The search results page, drawn for each term by the storefront server (issue 23): `/search/{term}`
 * answers with the build's `search/index.html` and, between its two markers, the heading, count, hints,
 * the first page of cards with the tools and plain page links (components/search/search-page.ts). So the
 * results are there without JavaScript, and with it they paint with the page (LCP) and the page's script
 * takes over without drawing them again.
 *
 * It searches the build's own index files (`<client dir>/search/data/`) with the browser's engine
 * (`createSearchEngine(readerSource(…))`), so both find the same. Each file is parsed once and kept for
 * as long as its build is the one served: the build is known by the client folder's real path (`dist` is a
 * link a publish swaps, src/publish/releases/builds.ts) and its search page's and core's identity, checked on every
 * request (three `stat`s); a new build gets a fresh engine and template, and the old ones are dropped.
 *
 * It also takes the search form's route first (`/search?q=`, where Enter in a box with a code goes): a
 * SKU or model number typed whole that the search finds one product by goes straight to that product
 * (code-jump.ts); anything else goes on to the form's route (shopper/proxy.ts), to the results.
 *
 * The page holds no inline script of its own (the CSP's hashes are the build's, src/server/security.ts):
 * the drawn body replaces the build's loading state, inline lines included. It is per term and per build,
 * so browsers must revalidate it (ETag) and a CDN keeps it until a publish that changed the search page or
 * index purges it (`search-results`, src/cdn/keys.ts); a page saying the index could not be read is not
 * kept at all.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { edgeHeaders, NO_EDGE_CACHING, withSharedMaxAge, type EdgeCaching } from '../cdn/headers.ts';
import { SEARCH_RESULTS_KEY, surrogateKeysFor } from '../cdn/keys.ts';
import {
  searchBody,
  searchBodyHtml,
  SEARCH_BODY_END,
  SEARCH_BODY_START,
  type SearchBodyView,
  resultsTitle,
} from '../components/search/index.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import {
  createSearchEngine,
  type SearchEngine,
  coreUrl,
  SEARCH_DATA,
  readerSource,
  termFromPath,
} from '../features/search/index.ts';
import { describeError } from '../http/index.ts';
import {
  compress,
  liveLayers,
  locateIn,
  negotiateEncoding,
  ON_THE_FLY_LEVELS,
  type Layers,
} from '../publish/index.ts';
import { liveBuildId } from './build-id.ts';
import { buildCodes, codeJump, type BuildCodes } from './code-jump.ts';
import { CACHE_REVALIDATE, rawPath } from './static-site.ts';

/** The page the build writes for search, relative to the client folder. */
export const SEARCH_PAGE_FILE = 'search/index.html';

export interface SearchPageOptions {
  /** The built site's client folder (`dist/client`; `dist` may be a link a publish swaps). */
  readonly clientDir: string;
  readonly log?: (message: string) => void;
  /** How long a CDN may keep a results page (default: as long as browsers). */
  readonly edge?: EdgeCaching;
  /** The live build's id, for `X-Build-Id` (default: read from the build `clientDir` belongs to). */
  readonly buildId?: () => string | undefined;
}

/** A results page is drawn from the search page and the index: a change to either purges it. */
const RESULTS_KEYS = [SEARCH_RESULTS_KEY, ...surrogateKeysFor(SEARCH_PAGE_FILE)];

/** The build's page split around its body: the drawn body goes between `before` and `after`. */
interface Template {
  readonly before: string;
  readonly after: string;
  /** The document title after the page's own (` | {shop}`), as the build escaped it. */
  readonly titleSuffix: string;
}

interface Build {
  readonly key: string;
  readonly engine: SearchEngine;
  /** Its code files, for the jump of a code typed whole (code-jump.ts). */
  readonly codes: BuildCodes;
  /** null when the build's page has no markers (a build from before them): it is served as it is. */
  readonly template: Promise<Template | null>;
}

const TITLE = /<title>([^<]*)<\/title>/;
const OG_TITLE = /(<meta property="og:title" content=")[^"]*(")/;

/** The build's search page, split at its markers; null when it has none. */
function parseTemplate(html: string): Template | null {
  const start = html.indexOf(SEARCH_BODY_START);
  const end = html.indexOf(SEARCH_BODY_END, start);
  const title = TITLE.exec(html);
  if (start === -1 || end === -1 || !title) return null;
  const pageTitle = title[1] ?? '';
  const cut = pageTitle.indexOf(' | ');
  return {
    before: html.slice(0, start),
    after: html.slice(end + SEARCH_BODY_END.length),
    titleSuffix: cut === -1 ? '' : pageTitle.slice(cut),
  };
}

/** The page: the template with the drawn body, and the title of the term (and page) in its head. */
function pageHtml(template: Template, view: SearchBodyView, body: string): string {
  const own =
    view.kind === 'results'
      ? resultsTitle(view.term, view.page.state.page)
      : resultsTitle(view.kind === 'unavailable' ? view.term : '', 1);
  const title = `${escapeHtml(own)}${template.titleSuffix}`;
  const before = template.before
    .replace(TITLE, () => `<title>${title}</title>`)
    .replace(OG_TITLE, (_, open: string, close: string) => `${open}${title}${close}`);
  return `${before}${body}${template.after}`;
}

/** A file's JSON, to be checked by the engine's decoders (features/search/decode.ts). */
const parsedJson = (text: string): unknown => JSON.parse(text);

/** A file's identity: a new build (or a rebuild in place) changes one of these. */
const identity = (found: { path: string; stats: Stats } | undefined): string =>
  found ? `${found.path}:${found.stats.ino}:${found.stats.size}:${found.stats.mtimeMs}` : 'none';

/** The route's state: where the served build is found, how its pages are sent, and the build in hand. */
interface SearchPage {
  readonly log: (message: string) => void;
  readonly layers: () => Layers;
  readonly edge: EdgeCaching;
  readonly buildId: () => string | undefined;
  /** The build last served, with its engine and template; a new one replaces it. */
  current: Build | undefined;
}

export function createSearchPage(options: SearchPageOptions): MiddlewareHandler {
  const page: SearchPage = {
    log: options.log ?? ((message: string) => console.error(message)),
    layers: liveLayers(dirname(resolve(options.clientDir))),
    edge: options.edge ?? NO_EDGE_CACHING,
    buildId: options.buildId ?? liveBuildId(dirname(resolve(options.clientDir))),
    current: undefined,
  };
  return async (c, next) => {
    const pathname = rawPath(c);
    if (pathname === '/search') return formJump(page, c, next);
    if (!pathname.startsWith('/search/') || pathname.startsWith(`${SEARCH_DATA}/`)) return next();
    return resultsPage(page, c, next, pathname);
  };
}

/** The text of a file of the served build (found through its layers, src/publish/releases/layers.ts), or null. */
async function readServed(served: Layers, relative: string): Promise<string | null> {
  const found = await locateIn(served, relative);
  return found ? readFile(found.path, 'utf8') : null;
}

function load(served: Layers, key: string): Build {
  const engine = createSearchEngine(
    readerSource(async (url) => {
      const relative = decodeURIComponent(url.replace(/\?.*$/, '')).replace(/^\/+/, '');
      if (!`/${relative}`.startsWith(SEARCH_DATA) || relative.split('/').includes('..')) return null;
      const text = await readServed(served, relative);
      return text === null ? null : parsedJson(text);
    }),
  );
  const template = readServed(served, SEARCH_PAGE_FILE).then((text) =>
    text === null ? null : parseTemplate(text),
  );
  template.catch(() => undefined);
  return { key, engine, template, codes: buildCodes(served) };
}

/** The build served now, checked on every request. */
async function currentBuild(page: SearchPage): Promise<Build> {
  const served = page.layers();
  const key = `${identity(await locateIn(served, SEARCH_PAGE_FILE))}\0${identity(await locateIn(served, coreUrl().replace(/^\/+/, '')))}`;
  if (page.current?.key !== key) page.current = load(served, key);
  return page.current;
}

/** A term's results page (`/search/{term}`), drawn into the build's page. */
async function resultsPage(
  page: SearchPage,
  c: Context,
  next: Next,
  pathname: string,
): ReturnType<MiddlewareHandler> {
  const served = await currentBuild(page);
  const template = await served.template.catch((error: unknown) => {
    page.log(`Search page: ${SEARCH_PAGE_FILE} could not be read (${describeError(error)}).`);
    return null;
  });
  // No page of this kind in the build: the static site serves what there is.
  if (!template) return next();
  const { term, valid } = termFromPath(pathname);
  const url = new URL(c.req.url);
  let view: SearchBodyView;
  try {
    view = await searchBody(served.engine, valid ? term : '', term, url.searchParams);
  } catch (error) {
    page.log(`Search page: the search index could not be read (${describeError(error)}).`);
    view = { kind: 'unavailable', term, url: `${pathname}${url.search}` };
  }
  return respond(page, c, view, template);
}

async function respond(
  page: SearchPage,
  c: Context,
  view: SearchBodyView,
  template: Template,
): Promise<Response> {
  const html = Buffer.from(pageHtml(template, view, searchBodyHtml(view)));
  const encoding = negotiateEncoding(c.req.header('accept-encoding'));
  const body = encoding === 'identity' ? html : await compress(html, encoding, ON_THE_FLY_LEVELS);
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    // Per term and per build: browsers revalidate (cheap with the ETag); a failure is not kept.
    'Cache-Control': view.kind === 'unavailable' ? 'no-store' : withSharedMaxAge(CACHE_REVALIDATE, page.edge),
    Vary: 'Accept-Encoding',
    'Content-Length': String(body.length),
    ...edgeHeaders(RESULTS_KEYS, page.edge, page.buildId()),
  };
  if (view.kind !== 'unavailable')
    headers['ETag'] = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * The search form's route (`/search?q=`, Enter in a box): a SKU or model number typed whole goes to its
 * product (code-jump.ts); anything else goes on to the form's own route, which sends it to the results.
 */
async function formJump(page: SearchPage, c: Context, next: Next): Promise<Response | undefined> {
  const term = (new URL(c.req.url).searchParams.get('q') ?? '').trim();
  const served = await currentBuild(page);
  const jump = await codeJump(served.engine, served.codes, term).catch((error: unknown) => {
    page.log(`Search: a code could not be looked up (${describeError(error)}).`);
    return null;
  });
  if (jump === null) {
    await next();
    return undefined;
  }
  return new Response(null, {
    status: 303,
    headers: { Location: jump, 'Cache-Control': 'no-store', 'Content-Length': '0' },
  });
}
