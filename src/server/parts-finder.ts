/**
 * The parts finder's form without JavaScript (`/parts-finder/find?q=`, pages/parts-finder/index.astro): what
 * was typed that names a machine (its model in any typing, its name with the brand or without, the part
 * number on its label, its SKU) answers 303 to that model's parts page; anything else answers with the
 * finder's page again, what was typed in the box and why it led nowhere under it (the form drawn between the
 * page's markers by finder-form.ts, the page's own markup otherwise untouched: its inline scripts keep the
 * build's CSP hashes). Nothing empty is looked up: the page itself.
 *
 * It decides with the browser's rule (features/parts-finder/lookup.ts) over the live build's own fit files
 * (`<client dir>/fit-data/models.json`, `labels.json` and `skus.json`, found through the served build's
 * layers, as search-page.ts finds the search index), and never asks Magento. Each file is read once per
 * build: the build is known by the identity of the page and the three files, checked on every request
 * (four `stat`s).
 * The answers are per shopper and per build: never kept (no-store), never indexed.
 */
import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { LABELS_FILE, MODELS_FILE, SKUS_FILE, type ModelEntry } from '../catalogue/fit-files.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import {
  FINDER_FORM_END,
  FINDER_FORM_START,
  finderFormHtml,
  type FinderNotice,
} from '../components/fits/index.ts';
import { isLabels, isModels, finderTexts, PARTS_FINDER_PATH, partsPagePath } from '../features/fits/index.ts';
import { finderAnswer, finderMatches, looksLikeLabel, mayBeSku } from '../features/parts-finder/index.ts';
import { describeError } from '../http/index.ts';
import {
  compress,
  liveLayers,
  locateIn,
  negotiateEncoding,
  ON_THE_FLY_LEVELS,
  type Layers,
} from '../publish/index.ts';

/** The finder's page, relative to the client folder. */
export const FINDER_PAGE_FILE = `${PARTS_FINDER_PATH.slice(1)}/index.html`;

/** The most of what was typed that is looked at (the box takes as much). */
const MAX_TYPED = 100;

export interface PartsFinderOptions {
  /** The built site's client folder (`dist/client`; `dist` may be a link a publish swaps). */
  readonly clientDir: string;
  readonly log?: (message: string) => void;
}

/** The build's page split around its form. */
interface Template {
  readonly before: string;
  readonly after: string;
}

interface Build {
  readonly key: string;
  readonly template: Promise<Template | null>;
  readonly models: () => Promise<ModelEntry[]>;
  readonly labels: () => Promise<Record<string, string>>;
  readonly skus: () => Promise<Record<string, string>>;
}

const relativeOf = (url: string): string => url.replace(/^\/+/, '');

const identity = (found: { path: string; stats: Stats } | undefined): string =>
  found ? `${found.path}:${found.stats.ino}:${found.stats.size}:${found.stats.mtimeMs}` : 'none';

function parseTemplate(html: string): Template | null {
  const start = html.indexOf(FINDER_FORM_START);
  const end = html.indexOf(FINDER_FORM_END, start);
  if (start === -1 || end === -1) return null;
  return { before: html.slice(0, start), after: html.slice(end + FINDER_FORM_END.length) };
}

/** A fit file of the served build, read once (again after a failure) and checked as the browser checks it. */
function fitFile<T>(served: Layers, url: string, guard: (value: unknown) => value is T): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const load = async (): Promise<T> => {
    const found = await locateIn(served, relativeOf(url));
    if (!found) throw new Error(`the build has no ${url}`);
    const data: unknown = JSON.parse(await readFile(found.path, 'utf8'));
    if (!guard(data)) throw new Error(`${url} is not what the shop wrote`);
    return data;
  };
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const TITLE = /<title>([^<]*)<\/title>/;

/** The page: the build's, with the form as the server draws it and, when nothing matched, its own title. */
function pageHtml(template: Template, typed: string, notice: FinderNotice): string {
  const title = finderTexts.noMatchTitle(typed.trim());
  const before =
    notice.kind === 'none'
      ? template.before.replace(TITLE, (_, own: string) => {
          const cut = own.indexOf(' | ');
          return `<title>${escapeHtml(title)}${cut === -1 ? '' : own.slice(cut)}</title>`;
        })
      : template.before;
  return `${before}${FINDER_FORM_START}${finderFormHtml(typed, notice)}${FINDER_FORM_END}${template.after}`;
}

const redirect = (location: string): Response =>
  new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' },
  });

export function createPartsFinderRoute(options: PartsFinderOptions): MiddlewareHandler {
  const log = options.log ?? ((message: string) => console.error(message));
  const layers = liveLayers(dirname(resolve(options.clientDir)));
  let current: Build | undefined;

  async function build(): Promise<Build> {
    const served = layers();
    const files = [FINDER_PAGE_FILE, ...[MODELS_FILE, LABELS_FILE, SKUS_FILE].map(relativeOf)];
    const key = (await Promise.all(files.map(async (file) => identity(await locateIn(served, file))))).join(
      '\0',
    );
    if (current?.key === key) return current;
    const page = locateIn(served, FINDER_PAGE_FILE).then(async (found) =>
      found ? parseTemplate(await readFile(found.path, 'utf8')) : null,
    );
    page.catch(() => undefined);
    current = {
      key,
      template: page,
      models: fitFile(served, MODELS_FILE, isModels),
      labels: fitFile(served, LABELS_FILE, isLabels),
      skus: fitFile(served, SKUS_FILE, isLabels),
    };
    return current;
  }

  /** The SKUs, or none when they cannot be read (a build from before them): models and labels still answer. */
  function readSkus(served: Build): Promise<Record<string, string> | undefined> {
    return served.skus().catch((error: unknown) => {
      log(`Parts finder: ${SKUS_FILE} could not be read (${describeError(error)}).`);
      return undefined;
    });
  }

  async function notice(served: Build, typed: string): Promise<FinderNotice | string> {
    try {
      const models = await served.models();
      const labels = looksLikeLabel(typed) ? await served.labels() : undefined;
      const skus = mayBeSku(typed, models) ? await readSkus(served) : undefined;
      const answer = finderAnswer(typed, finderMatches(typed, models, labels, skus));
      return answer.kind === 'found' ? partsPagePath(answer.model.slug) : answer;
    } catch (error) {
      log(`Parts finder: the fit files could not be read (${describeError(error)}).`);
      return { kind: 'failed' };
    }
  }

  async function respond(c: Context, html: string, failed: boolean): Promise<Response> {
    const body = Buffer.from(html);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    const sent = encoding === 'identity' ? body : await compress(body, encoding, ON_THE_FLY_LEVELS);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
      Vary: 'Accept-Encoding',
      'Content-Length': String(sent.length),
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const status = failed ? 503 : 200;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(sent), { status, headers });
  }

  return async (c, next) => {
    const typed = (new URL(c.req.url).searchParams.get('q') ?? '').slice(0, MAX_TYPED);
    if (typed.trim() === '') return redirect(PARTS_FINDER_PATH);
    const served = await build();
    const template = await served.template.catch((error: unknown) => {
      log(`Parts finder: ${FINDER_PAGE_FILE} could not be read (${describeError(error)}).`);
      return null;
    });
    // No finder page in the build (or one without the markers): nothing to answer with here.
    if (!template) return next();
    const answer = await notice(served, typed);
    if (typeof answer === 'string') return redirect(answer);
    return respond(c, pageHtml(template, typed, answer), answer.kind === 'failed');
  };
}
