/**
 * A crawler through Varnish while the site is republished: a steady rate (about 20 requests a second) over
 * catalogue pages and JSON data files, and every `/_astro` asset and data file a fetched page names, each
 * fetched once per page that names it first. It records status and X-Build-Id of every answer, tags each
 * request (PROBE_HEADER) so Varnish's log says whether it was a hit, and tells missing assets apart.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { header, http } from './http.ts';
import { PROBE_HEADER, type CdnLog } from './varnish.ts';

export type CrawlKind = 'page' | 'data' | 'asset';

export interface CrawlRecord {
  readonly url: string;
  readonly kind: CrawlKind;
  readonly status: number;
  readonly buildId: string | undefined;
  readonly startedAt: number;
  readonly probe: string;
}

const ASSET = /\/_astro\/[\w.\-/]+\.(?:js|mjs|css|woff2?|svg|png|webp|jpe?g|avif)/g;
const DATA = /\/(?:listing-data|product-data|search\/data)\/[\w.\-/]+\.json/g;

export class Crawler {
  readonly records: CrawlRecord[] = [];
  /** The build each URL came from in the warm pass: what the live site was before the crawl. */
  readonly warmed = new Map<string, string | undefined>();
  readonly #base: string;
  readonly #rotation: readonly { url: string; kind: CrawlKind }[];
  readonly #intervalMs: number;
  readonly #tag: string;
  readonly #named = new Set<string>();
  readonly #pending: { url: string; kind: CrawlKind }[] = [];
  #running = false;
  #loop: Promise<void> | undefined;

  constructor(base: string, pages: readonly string[], data: readonly string[], tag: string, perSecond = 20) {
    this.#base = base;
    this.#rotation = [
      ...pages.map((url) => ({ url, kind: 'page' as const })),
      ...data.map((url) => ({ url, kind: 'data' as const })),
    ];
    this.#intervalMs = 1000 / perSecond;
    this.#tag = tag;
  }

  /** Every page and data file once, with what they name: the CDN holds them before the measured crawl. */
  async warm(): Promise<void> {
    for (const item of this.#rotation) await this.#fetch(item, 'warm');
    while (this.#pending.length > 0) {
      const next = this.#pending.shift();
      if (next) await this.#fetch(next, 'warm');
    }
    for (const record of this.records) this.warmed.set(record.url, record.buildId);
    this.records.length = 0;
  }

  start(signal: AbortSignal): void {
    this.#running = true;
    this.#loop = (async () => {
      const begun = Date.now();
      for (let n = 0; this.#running && !signal.aborted; n++) {
        const due = begun + n * this.#intervalMs;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        const item = this.#pending.shift() ?? this.#rotation[n % this.#rotation.length];
        if (item) await this.#fetch(item, `${this.#tag}-${n}`);
      }
    })();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
  }

  async #fetch(item: { url: string; kind: CrawlKind }, probe: string): Promise<void> {
    const reply = await http(`${this.#base}${item.url}`, {
      headers: { [PROBE_HEADER]: probe },
      timeoutMs: 15_000,
    });
    this.records.push({
      url: item.url,
      kind: item.kind,
      status: reply.status,
      buildId: header(reply, 'x-build-id'),
      startedAt: reply.startedAt,
      probe,
    });
    if (item.kind !== 'page' || reply.status !== 200) return;
    for (const [pattern, kind] of [
      [ASSET, 'asset'],
      [DATA, 'data'],
    ] as const)
      for (const url of new Set(reply.body.match(pattern) ?? []))
        if (!this.#named.has(url)) {
          this.#named.add(url);
          this.#pending.push({ url, kind });
        }
  }

  /** Answers that are neither 2xx nor 304. */
  failures(): CrawlRecord[] {
    return this.records.filter((r) => !((r.status >= 200 && r.status < 300) || r.status === 304));
  }

  /** Assets and data files a page named that were not there. */
  missing(): CrawlRecord[] {
    return this.records.filter((r) => r.kind !== 'page' && r.status === 404);
  }

  /** Hits and misses of the crawl's requests of `kinds` in Varnish's log (passes and synths not counted). */
  async hitRatio(
    cdn: CdnLog,
    kinds: readonly CrawlKind[],
  ): Promise<{ hits: number; misses: number; unlogged: number }> {
    const records = this.records.filter((r) => kinds.includes(r.kind));
    const logged = await cdn.probed(new Set(records.map((r) => r.probe)), 5000);
    let hits = 0;
    let misses = 0;
    let unlogged = 0;
    for (const record of records) {
      const entry = logged.get(record.probe);
      if (!entry) unlogged++;
      else if (entry.handling === 'hit') hits++;
      else if (entry.handling === 'miss') misses++;
    }
    return { hits, misses, unlogged };
  }
}

/** Catalogue URLs of the built site: home, the audiences' landings, some listings and product pages, data files. */
export function catalogueUrls(
  clientDir: string,
  productKeys: readonly string[],
): { pages: string[]; data: string[] } {
  const isPage = (path: string) => existsSync(join(clientDir, path, 'index.html'));
  const listings: string[] = [];
  for (const audience of ['home-garden', 'professional']) {
    if (!isPage(audience)) continue;
    listings.push(`/${audience}`);
    const children = existsSync(join(clientDir, audience)) ? readdirSync(join(clientDir, audience)) : [];
    for (const child of children.sort().slice(0, 3))
      if (isPage(join(audience, child))) listings.push(`/${audience}/${child}`);
  }
  const products = productKeys.filter((key) => key && isPage(key)).map((key) => `/${key}`);
  const files = (dir: string, count: number) =>
    existsSync(join(clientDir, dir))
      ? readdirSync(join(clientDir, dir))
          .filter((name) => name.endsWith('.json'))
          .sort()
          .slice(0, count)
          .map((name) => `/${dir}/${name}`)
      : [];
  return {
    pages: ['/', ...listings, ...products],
    data: [...files('product-data', 3), ...files('search/data', 2)],
  };
}
