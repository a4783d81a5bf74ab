/**
 * The search results page the storefront server draws for each term (server/search-page.ts), over HTTP:
 * a small built site whose search index is written as the build writes it, searched with the same
 * engine, so the count and the cards' order are the engine's. Without JavaScript this is the whole page.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueAttribute, Product } from '../../src/catalogue/types.ts';
import { buildProductCodes } from '../../src/features/product-data/build-codes.ts';
import type { ProductFacts } from '../../src/features/product-data/facts.ts';
import { buildSearchFiles, indexFiles, type BuiltSearch } from '../../src/features/search/build.ts';
import { createSearchEngine } from '../../src/features/search/engine.ts';
import { memorySource } from '../../src/features/search/sources.ts';
import { compileSynonyms } from '../../src/features/search/synonyms.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { product } from '../unit/catalogue/fixtures.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const POWER_SOURCE: CatalogueAttribute = {
  id: '',
  code: 'power_source',
  label: 'Power source',
  input: 'select',
  backendType: 'int',
  filterable: true,
  sortable: false,
  comparable: false,
  searchable: true,
  filterableInSearch: true,
  searchWeight: null,
  position: 1,
  options: [
    { id: '1', label: 'Mains electric' },
    { id: '2', label: 'Petrol' },
  ],
};

/** Reviews of K 0, K 5, K 10 (sold out) and K 15: 3, 5, 4.5 and 4.5 stars. */
const RATINGS: Record<number, Product['rating']> = {
  0: { percent: 60, count: 2 },
  5: { percent: 100, count: 1 },
  10: { percent: 90, count: 8 },
  15: { percent: 90, count: 3 },
};

/**
 * 20 pressure washers (two pages of 12), some petrol, some sold out, four with reviews, and a few other
 * machines.
 */
function products(prefix = 'Clearwater'): Product[] {
  const washers = Array.from({ length: 20 }, (_, at) =>
    product({
      sku: `PW-${String(at).padStart(3, '0')}`,
      name: `${prefix} K ${at} Pressure Washer${at % 3 === 0 ? ' Premium' : ''}`,
      categoryIds: [24],
      priceInclVat: 100 + at * 10,
      priceExclVat: (100 + at * 10) / 1.2,
      rating: RATINGS[at] ?? null,
      inStock: at % 7 !== 3,
      technicalData: [
        {
          code: 'power_source',
          label: 'Power source',
          value: at % 4 === 0 ? 'Petrol' : 'Mains electric',
        },
      ],
    }),
  );
  const others = ['Window Vac', 'Steam Cleaner', 'Wet & Dry Vacuum'].map((name, at) =>
    product({ sku: `OT-${at}`, name: `${prefix} ${name}`, categoryIds: [25] }),
  );
  return [...washers, ...others];
}

function build(list: Product[]): BuiltSearch {
  return buildSearchFiles({
    products: list,
    hrefBySku: new Map(list.map((p) => [p.sku, `/${p.urlKey}`])),
    attributes: [POWER_SOURCE],
    listings: [
      {
        categoryId: 24,
        name: 'Pressure Washers',
        path: '/home-garden/pressure-washer',
        audience: 'Home & Garden',
        products: list.filter((p) => p.categoryIds.includes(24)),
      },
      {
        categoryId: 25,
        name: 'Cleaners',
        path: '/home-garden/cleaners',
        audience: 'Home & Garden',
        products: list.filter((p) => p.categoryIds.includes(25)),
      },
    ],
    synonyms: compileSynonyms({ equivalent: [], oneWay: [] }),
    // "washer" is sold here: a "dishwasher" is not, and its nearest category is the Cleaners.
    notSold: [
      { phrases: ['dishwasher', 'dish washer'], name: 'dishwashers', near: ['Cleaners'] },
      { phrases: ['pressure washer'], name: 'pressure washers', near: [] },
    ],
    warn: () => {},
  });
}

/** The index files as the build writes them (src/pages/search/data/). */
function writeIndex(clientDir: string, built: BuiltSearch): void {
  const data = join(clientDir, 'search', 'data');
  rmSync(data, { recursive: true, force: true });
  const write = (path: string, content: unknown) => {
    mkdirSync(dirname(join(data, path)), { recursive: true });
    writeFileSync(join(data, path), JSON.stringify(content));
  };
  for (const [path, content] of indexFiles(built)) write(path, content);
}

/** The code files as the build writes them (/product-data/codes/), from each product's facts. */
function writeCodes(clientDir: string, list: readonly Product[]): void {
  const facts = new Map(
    list.map((p): [string, ProductFacts] => [
      p.sku,
      {
        ...{ sku: p.sku, name: p.name, href: `/${p.urlKey}`, image: null, inStock: p.inStock },
        ...{ priceInclVat: p.priceInclVat, priceExclVat: p.priceExclVat, kind: null, specs: {} },
        ...(p.modelNumber ? { model: p.modelNumber } : {}),
      },
    ]),
  );
  for (const [number, file] of buildProductCodes(facts).entries()) {
    const target = join(clientDir, 'product-data', 'codes', `${number}.json`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(file));
  }
}

/** The help the build writes after the body, for a search that finds nothing (NoResultsHelp.astro). */
const HELP =
  '<section class="search-help" id="search-help" aria-label="Help with your search"><h2>Search tips</h2></section>';

/**
 * The build's search page: the loading state between the markers, and an inline script inside them; the
 * help after them.
 */
const TEMPLATE =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Search | Test Shop</title>' +
  '<meta property="og:title" content="Search | Test Shop"></head><body><main>' +
  '<!--search-body--><h1 id="search-heading">Results for: </h1><script>(()=>{document.title="x"})();</script>' +
  `<p>Searching…</p><!--/search-body-->${HELP}<script type="module" src="/_astro/search.1.js"></script></main></body></html>`;

let site: FakeSite;
let server: RunningStorefront;
let built: BuiltSearch;

beforeAll(async () => {
  site = makeFakeSite();
  writeFileSync(join(site.clientDir, 'search', 'index.html'), TEMPLATE);
  built = build(products());
  writeIndex(site.clientDir, built);
  writeCodes(site.clientDir, products());
  server = await startFakeSite(site);
});

afterAll(async () => {
  await server.close();
  rmSync(site.root, { recursive: true, force: true });
});

const html = async (path: string, headers: Record<string, string> = {}) => {
  const reply = await raw(server.url, path, { headers });
  return { ...reply, text: reply.body.toString('utf8') };
};

/** The cards' names, in the page's order. */
const cardNames = (text: string): string[] =>
  [...text.matchAll(/<h2 class="product-card__name"><a href="[^"]*">([^<]*)<\/a><\/h2>/g)].map(
    (match) => match[1] ?? '',
  );

async function expected(query: string, index = built) {
  const engine = createSearchEngine(memorySource(index));
  const answer = await engine.search(query);
  return { answer, names: (await engine.records(answer.ids)).map((record) => record[1]) };
}

describe('the results of a term', () => {
  it('shows the heading, the count and the first page of cards in the engine’s order', async () => {
    const { answer, names } = await expected('pressure washer');
    expect(answer.total).toBe(20);
    const reply = await html('/search/pressure%20washer');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.text).toContain(
      '<h1 class="page-title" id="search-heading">Results for: pressure washer</h1>',
    );
    expect(reply.text).toContain('<title>Results for: pressure washer | Test Shop</title>');
    expect(reply.text).toContain(
      '<meta property="og:title" content="Results for: pressure washer | Test Shop">',
    );
    expect(reply.text).toContain('<p>Results found: 20</p>');
    expect(cardNames(reply.text)).toEqual(names.slice(0, 12));
    // The category the words name, linked; plain page links; the page's script still loads.
    expect(reply.text).toContain('<a href="/home-garden/pressure-washer">');
    expect(reply.text).toContain('<a href="/search/pressure%20washer?page=2" aria-label="Page 2">2</a>');
    expect(reply.text).toContain('<script type="module" src="/_astro/search.1.js"></script>');
    // The build's loading state and its inline script are replaced.
    expect(reply.text).not.toContain('Searching…');
    expect(reply.text).not.toContain('document.title="x"');
  });

  it('follows the page, page size, sort and filters in the query', async () => {
    const { names } = await expected('pressure washer');
    expect(cardNames((await html('/search/pressure%20washer?page=2')).text)).toEqual(names.slice(12));
    expect(cardNames((await html('/search/pressure%20washer?per=24')).text)).toEqual(names);
    const petrol = await html('/search/pressure%20washer?power_source=petrol&sort=name-asc');
    expect(petrol.text).toContain('<p>Results found: 5</p>');
    // By name as people read numbers: K 4 before K 12.
    expect(cardNames(petrol.text)).toEqual([
      'Clearwater K 0 Pressure Washer Premium',
      'Clearwater K 4 Pressure Washer',
      'Clearwater K 8 Pressure Washer',
      'Clearwater K 12 Pressure Washer Premium',
      'Clearwater K 16 Pressure Washer',
    ]);
    expect(petrol.text).toMatch(/<input type="checkbox" id="filter-power_source-petrol"[^>]* checked/);
    // A page past the end shows the last one.
    expect(cardNames((await html('/search/pressure%20washer?page=9')).text)).toEqual(names.slice(12));
  });

  it('draws the stars of the results with reviews, and sorts and filters them by rating', async () => {
    const all = await html('/search/pressure%20washer?per=24');
    const cardOf = (text: string, name: string) =>
      text.split('<li class="product-card">').find((card) => card.includes(`>${name}</a>`)) ?? '';
    expect(cardOf(all.text, 'Clearwater K 5 Pressure Washer')).toContain(
      '<p class="rating"><span class="stars" style="--r:100%" role="img" aria-label="Rated 5 out of 5"></span> 1<span class="visually-hidden"> review</span></p>',
    );
    expect(cardOf(all.text, 'Clearwater K 6 Pressure Washer Premium')).not.toContain('class="rating"');
    expect(all.text).toContain('<option value="rating">Rating: high to low</option>');
    // Highest first, more reviews first among equals, unrated after; sold out (K 10) after all in stock.
    const byRating = cardNames((await html('/search/pressure%20washer?sort=rating&per=24')).text);
    expect(byRating.slice(0, 3)).toEqual([
      'Clearwater K 5 Pressure Washer',
      'Clearwater K 15 Pressure Washer Premium',
      'Clearwater K 0 Pressure Washer Premium',
    ]);
    expect(byRating.indexOf('Clearwater K 10 Pressure Washer')).toBe(17);
    const fourUp = await html('/search/pressure%20washer?rating=4');
    expect(fourUp.text).toContain('<p>Results found: 3</p>');
    expect(fourUp.text).toMatch(/<input type="checkbox" id="filter-rating-4"[^>]* checked/);
    // 3 stars & up would add K 0.
    expect(fourUp.text).toContain('3 stars &#38; up <span class="facet__count" data-count>4</span>');
    // Results none of which has reviews offer neither.
    const steam = await html('/search/steam%20cleaner');
    expect(steam.text).not.toContain('filter-rating');
    expect(steam.text).not.toContain('Rating: high to low');
  });

  it('corrects a typo, relaxes a query no product fully answers, and with nothing found says so', async () => {
    const typo = await html('/search/presure%20washer');
    expect(typo.text).toContain('<p>Results found: 20</p>');
    expect(typo.text).toContain('Showing results for <strong>pressure washer</strong>');

    // A word nothing matches is dropped, and the page says so (issue 37): never a dead end.
    const { answer } = await expected('presure xyzzyq');
    expect(answer.didYouMean).toBeNull();
    expect(answer.relaxed).toBe('pressure');
    const relaxed = await html('/search/presure%20xyzzyq');
    expect(relaxed.text).toContain(
      'No exact match for <strong>presure xyzzyq</strong>; showing <strong>pressure</strong>',
    );
    expect(cardNames(relaxed.text).length).toBeGreaterThan(0);

    const none = await html('/search/xyzzyq');
    expect(none.text).toContain('<p>Results found: 0</p><p>No products found with that keyword</p>');
    expect(cardNames(none.text)).toEqual([]);
    expect(none.text).not.toContain('data-sort');
  });

  it('with nothing found shows the build’s help after the body; with results, not (issue 37)', async () => {
    // The help follows the body the server draws, kept from the build's page, and shows (search-results.css)
    // only after results that say nothing was found.
    const none = await html('/search/iphone');
    expect(none.text).toContain('No products found with that keyword');
    expect(none.text).toMatch(/<div class="search-results" data-search-results data-v="[^"]+" data-none>/);
    expect(none.text).toContain(HELP);
    const found = await html('/search/pressure%20washer');
    expect(found.text).toMatch(/<div class="search-results" data-search-results data-v="[^"]+">/);
    expect(found.text).toContain(HELP);
  });

  it('filters by the price the query asks for, shown as a chip that removes it', async () => {
    // Washers cost £100 to £290, £10 apart: six of them are £150 or less.
    const reply = await html(`/search/${encodeURIComponent('pressure washer under £150')}`);
    expect(reply.text).toContain('<p>Results found: 6</p>');
    expect(cardNames(reply.text)).toHaveLength(6);
    expect(reply.text).toContain(
      '<a class="search-chip" href="/search/pressure%20washer">Price: under £150 <span aria-hidden="true">×</span><span class="visually-hidden">, Remove this filter</span></a>',
    );
  });

  it('sorts by the property the query names, said in a chip that removes it (issue 70)', async () => {
    const reply = await html(`/search/${encodeURIComponent('cheapest pressure washer')}`);
    expect(reply.text).toContain('<p>Results found: 20</p>');
    // Washers cost £100 to £290: the £100 K 0 first, then up, whatever the shop's order.
    expect(cardNames(reply.text).slice(0, 3)).toEqual([
      'Clearwater K 0 Pressure Washer Premium',
      'Clearwater K 1 Pressure Washer',
      'Clearwater K 2 Pressure Washer',
    ]);
    expect(reply.text).toContain(
      '<a class="search-chip" href="/search/pressure%20washer">Sorted by price, lowest first <span aria-hidden="true">×</span><span class="visually-hidden">, Remove this sort</span></a>',
    );
    const dearest = await html(`/search/${encodeURIComponent('most expensive pressure washer')}`);
    expect(cardNames(dearest.text)[0]).toBe('Clearwater K 19 Pressure Washer');
  });

  it('says plainly what the shop does not sell, with the nearest categories, not a "washer" (issue 70)', async () => {
    for (const term of ['dishwasher', 'dishwashers', 'cheap dish washer']) {
      const reply = await html(`/search/${encodeURIComponent(term)}`);
      expect(reply.text, term).toContain('<strong>We don&#39;t sell dishwashers</strong>');
      expect(reply.text, term).toContain('<p>Results found: 0</p>');
      expect(cardNames(reply.text), term).toEqual([]);
      expect(reply.text, term).toContain(
        '<a href="/home-garden/cleaners"><span class="search-categories__name">Cleaners</span>',
      );
    }
    // A phrase the catalogue's names hold is sold after all: the build leaves it out of the list.
    expect(cardNames((await html('/search/pressure%20washer')).text)).toHaveLength(12);
    expect((await html('/search/washer')).text).not.toContain('We don&#39;t sell');
  });

  it('sends Enter with a SKU typed whole, in any typing, straight to its product; not a part of one', async () => {
    const [washer] = products().slice(7);
    for (const typed of ['PW-007', 'pw007', 'PW 007']) {
      const reply = await raw(server.url, `/search?q=${encodeURIComponent(typed)}`);
      expect(reply.status, typed).toBe(303);
      expect(reply.headers['location']).toBe(`/${washer?.urlKey}`);
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    // The end of a SKU, and a model number every washer shares, go on to the results (the form's route,
    // shopper/proxy.ts, not in this test's server), as does a link to the results of a code.
    for (const typed of ['007', '1.234-567.0'])
      expect((await raw(server.url, `/search?q=${encodeURIComponent(typed)}`)).status, typed).not.toBe(303);
    const listed = await html('/search/PW-007');
    expect(listed.status).toBe(200);
    expect(cardNames(listed.text)).toHaveLength(1);
  });

  it('makes a hostile term inert, in the heading, the title, the box and the links', async () => {
    const reply = await html('/search/%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%3E');
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('<script>alert(1)');
    expect(reply.text).not.toMatch(/value="[^"]*"><script/);
    expect(reply.text).toContain('Results for: &#60;script&#62;alert(1)&#60;/script&#62;&#34;&#62;</h1>');
    expect(reply.text).toContain(
      '<title>Results for: &#60;script&#62;alert(1)&#60;/script&#62;&#34;&#62; | Test Shop</title>',
    );
    // Only the page's own scripts: its module, no inline one.
    expect(reply.text.match(/<script/g)).toHaveLength(1);
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a term with malformed escapes with no results, never an error', async () => {
    for (const path of ['/search/100%', '/search/%E0%A4%A', '/search/%zz%20washer']) {
      const reply = await html(path);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).toContain('<p>Results found: 0</p>');
    }
    expect((await html('/search/100%')).text).toContain('Results for: 100%</h1>');
  });

  it('answers a blank term with no results', async () => {
    const reply = await html('/search/');
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<p>Results found: 0</p>');
  });
});

describe('caching and encoding', () => {
  it('is revalidated by caches, with an ETag per encoding, and 304 when unchanged', async () => {
    const plain = await html('/search/steam');
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    const etag = plain.headers['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await raw(server.url, '/search/steam', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);

    const br = await raw(server.url, '/search/steam', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['etag']).not.toBe(etag);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.text);

    const head = await raw(server.url, '/search/steam', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('is kept by a CDN until a publish of the search page or index purges it', async () => {
    const edge = await startFakeSite(site, { edge: { sharedMaxAge: 600, cacheTag: false } });
    try {
      const reply = await raw(edge.url, '/search/steam?page=2');
      expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=600');
      expect(reply.headers['surrogate-key']).toBe('search-results page:/search page build');
      const shard = await raw(edge.url, '/search/data/core.json');
      expect(shard.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=600');
      expect(shard.headers['surrogate-key']).toBe('search:core search build');
    } finally {
      await edge.close();
    }
  });

  it('still serves the index files as files', async () => {
    const core = await raw(server.url, '/search/data/core.json');
    expect(core.status).toBe(200);
    expect(JSON.parse(core.body.toString('utf8'))).toMatchObject({ v: built.core.v });
  });
});

describe('a new build', () => {
  it('is searched at once, and a missing index says so on a page that is not kept', async () => {
    const rebuilt = build(products('Brightwash'));
    writeIndex(site.clientDir, rebuilt);
    const { names } = await expected('pressure washer', rebuilt);
    expect(cardNames((await html('/search/pressure%20washer')).text)).toEqual(names.slice(0, 12));
    expect(names[0]).toMatch(/^Brightwash /);

    rmSync(join(site.clientDir, 'search', 'data'), { recursive: true, force: true });
    const missing = await html('/search/pressure%20washer?page=2');
    expect(missing.status).toBe(200);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.text).toContain(
      '<h1 class="page-title" id="search-heading">Results for: pressure washer</h1>',
    );
    expect(missing.text).toContain('Search is not available right now.');
    expect(missing.text).toContain(
      '<a class="button retry" href="/search/pressure%20washer?page=2" data-retry>Try again</a>',
    );

    writeIndex(site.clientDir, built);
    expect((await html('/search/pressure%20washer')).text).toContain('<p>Results found: 20</p>');
  });

  it('serves a search page without markers (an older build) as it is', async () => {
    writeFileSync(
      join(site.clientDir, 'search', 'index.html'),
      '<!doctype html><title>Search</title><h1>Old search</h1>',
    );
    try {
      const reply = await html('/search/steam');
      expect(reply.status).toBe(200);
      expect(reply.text).toContain('<h1>Old search</h1>');
    } finally {
      writeFileSync(join(site.clientDir, 'search', 'index.html'), TEMPLATE);
    }
  });
});
