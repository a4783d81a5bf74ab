/**
 * Which URL paths the storefront server answers, as pure knowledge: how a path names a file of the built
 * site (`pathSegments`), the client-rendered prefixes one page answers (`DEFAULT_REWRITES`), the picture
 * an `/img/…` path asks for (`parseImagePath`) and the GET routes answered without a file
 * (`SERVER_ROUTES`). The server (src/server/) answers by them and the build's link check
 * (src/publish/render/links.ts) checks by them, so this module imports neither: only the catalogue's
 * picture sizes and formats.
 */
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, type ImageWidth } from '../catalogue/images.ts';

/** A path prefix whose unknown URLs are answered by one page (status 200): client-rendered routes. */
export interface Rewrite {
  /** e.g. `/search/`: any URL below it, which has no file of its own. */
  readonly prefix: string;
  /** The page that renders them, relative to the client folder, e.g. `search/index.html`. */
  readonly file: string;
  /** A folder below the prefix of files only (`/search/data/`): a missing one there is a real 404. */
  readonly except?: string;
}

export const DEFAULT_REWRITES: readonly Rewrite[] = [
  { prefix: '/search/', file: 'search/index.html', except: '/search/data/' },
  { prefix: '/customer/manage/', file: 'customer/manage/index.html' },
  { prefix: '/customer/orders/', file: 'customer/order/index.html' },
  // One purchase order (issue 68): `/company/purchase-orders/{uid}`, the link Magento's e-mails carry.
  { prefix: '/company/purchase-orders/', file: 'company/purchase-orders/view/index.html' },
];

/** The rewrite answering a raw URL path, if any: the first whose prefix it is below (and not its exception). */
export const rewriteFor = (
  pathname: string,
  rewrites: readonly Rewrite[] = DEFAULT_REWRITES,
): Rewrite | undefined =>
  rewrites.find(
    (candidate) =>
      pathname.startsWith(candidate.prefix) &&
      !(candidate.except !== undefined && pathname.startsWith(candidate.except)),
  );

/**
 * The URL path as folder segments, decoded; undefined when a segment could escape the folder or names a
 * hidden file (`..`, an encoded slash or NUL, a dotfile other than `.well-known`), or asks for a
 * precompressed sibling directly.
 */
export function pathSegments(pathname: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    if (segment.startsWith('.') && segment !== '.well-known') return undefined;
    segments.push(segment);
  }
  const last = segments.at(-1);
  if (last !== undefined && /\.(br|gz)$/.test(last)) return undefined;
  return segments;
}

/** The Magento media folders pictures come from: products', and the CMS editor's. */
export type MediaFolder = 'catalog/product' | 'wysiwyg';

export interface ImageRequest {
  readonly width: ImageWidth;
  readonly format: ImageFormat;
  readonly folder: MediaFolder;
  /** Path below the folder, starting with `/`, e.g. `/p/w/pw-2000-1.jpg`. */
  readonly file: string;
}

const IMAGE_ROUTE = /^\/img\/(\d{1,4})\/([a-z]{1,8})\/(catalog\/product|wysiwyg)(\/[A-Za-z0-9._\-/]+)$/;
const SOURCE_EXTENSION = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;
/** Editors' pictures may be drawings too. */
const WYSIWYG_EXTENSION = /\.(jpe?g|png|webp|gif|avif|tiff?|svg)$/i;

/**
 * The picture an `/img/{width}/{format}/{folder}/{file}` path asks for (src/server/images.ts answers it),
 * or undefined when the width, format or file is not allowed.
 */
export function parseImagePath(pathname: string): ImageRequest | undefined {
  const match = IMAGE_ROUTE.exec(pathname);
  if (!match) return undefined;
  const [, widthText = '', formatText = '', folderText = '', file = ''] = match;
  const width = IMAGE_WIDTHS.find((allowed) => String(allowed) === widthText);
  const format = IMAGE_FORMATS.find((allowed) => allowed === formatText);
  if (width === undefined || format === undefined) return undefined;
  const folder: MediaFolder = folderText === 'wysiwyg' ? 'wysiwyg' : 'catalog/product';
  const extension = folder === 'wysiwyg' ? WYSIWYG_EXTENSION : SOURCE_EXTENSION;
  if (file.includes('..') || file.includes('//') || file.endsWith('/') || !extension.test(file))
    return undefined;
  return { width, format, folder, file };
}

/** An answer at once, or one to wait for. */
export type Maybe<T> = T | Promise<T>;

/**
 * A file of the site (relative to `client/`, `/`-separated): its path on disk when the site has it. May
 * answer at once or with a promise.
 */
export type Locate = (relative: string) => Maybe<string | undefined>;

/** Whether `locate` found the file, at once when it answered at once. */
export const exists = (found: Maybe<string | undefined>): Maybe<boolean> =>
  found instanceof Promise ? found.then((path) => path !== undefined) : found !== undefined;

/** Whether any of the tests passes, in order, answering at once while they all do (no promise per link). */
export function anyOf(tests: readonly (() => Maybe<boolean>)[], from = 0): Maybe<boolean> {
  for (let at = from; at < tests.length; at += 1) {
    const test = tests[at];
    const passed = test ? test() : false;
    if (passed instanceof Promise) return passed.then((yes) => yes || anyOf(tests, at + 1));
    if (passed) return true;
  }
  return false;
}

/** A GET route of the storefront server that answers without a file of its own. */
export interface ServerRoute {
  /** Where it is answered, for people reading a report. */
  readonly source: string;
  /** Whether the server answers a GET of this raw URL path (not decoded) with the build's files. */
  answers(pathname: string, locate: Locate): Maybe<boolean>;
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
      const rewrite = rewriteFor(pathname);
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
  {
    source:
      "the parts finder's form without JavaScript, GET /parts-finder/find?q= (src/server/parts-finder.ts)",
    answers: exact('/parts-finder/find'),
  },
  { source: 'the REST proxy /rest/… (src/server/shopper/proxy.ts)', answers: below('/rest/') },
  {
    source: 'the wish list GET /wishlist/items (src/server/shopper/wishlist.ts)',
    answers: exact('/wishlist/items'),
  },
  {
    source: "the customer's machines GET /my-machines[/ordered] (src/server/shopper/my-machines.ts)",
    answers: exact('/my-machines', '/my-machines/ordered'),
  },
  {
    source:
      'guarantee registration GET /guarantee/registrations[/{certificate}/certificate.pdf], /guarantee/ordered (src/server/shopper/guarantee.ts)',
    answers: (pathname) =>
      pathname === '/guarantee/ordered' ||
      pathname === '/guarantee/registrations' ||
      /^\/guarantee\/registrations\/[^/]+\/certificate\.pdf$/.test(pathname),
  },
  {
    source: 'the orders GET /orders/mine[/{number}] (src/server/shopper/orders.ts)',
    answers: (pathname) => pathname === '/orders/mine' || below('/orders/mine/')(pathname),
  },
  {
    source:
      'the returns GET /returns/mine[/{id}] and /returns/orders/{number} (src/server/shopper/returns.ts)',
    answers: (pathname) =>
      pathname === '/returns/mine' ||
      below('/returns/mine/')(pathname) ||
      below('/returns/orders/')(pathname),
  },
  {
    source:
      'click & collect GET /collect/points, /collect/today, /collect/availability[/{sku}] (src/server/shopper/collect.ts)',
    answers: (pathname) =>
      exact('/collect/points', '/collect/today', '/collect/availability')(pathname) ||
      below('/collect/availability/')(pathname),
  },
  {
    source: "the review form's settings GET /reviews/form (src/server/shopper/reviews.ts)",
    answers: exact('/reviews/form'),
  },
  {
    source: "the customer's data export GET /account/data (src/server/shopper/privacy.ts)",
    answers: exact('/account/data'),
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

/** Whether one of the server's own routes answers the path (SERVER_ROUTES). */
export const answeredByServer = (pathname: string, locate: Locate): Maybe<boolean> =>
  anyOf(SERVER_ROUTES.map((route) => () => route.answers(pathname, locate)));
