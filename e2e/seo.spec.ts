/** What crawlers and caches get (DESIGN.md §1 serving, §5 transfer budget): robots, sitemap, head tags, encodings. */
import type { APIRequestContext } from '@playwright/test';
import {
  DRY_ICE_PATH,
  largestListing,
  PAGE_SIZE,
  pagePath,
  productPages,
  richProduct,
  type Product,
} from './support/catalogue.ts';
import { sitemapFiles, sitemapLocs } from './support/sitemap.ts';
import { expect, test } from './support/test.ts';

/** The configured site origin, as the sitemap names it. */
async function siteOrigin(request: APIRequestContext): Promise<string> {
  const [first] = await sitemapLocs(request);
  return new URL(first ?? '').origin;
}

test('robots.txt allows crawling and points to the sitemap by absolute URL', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  const sitemap = /^Sitemap: (\S+)$/m.exec(text)?.[1] ?? '';
  expect(sitemap).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);
  expect(new URL(sitemap).origin).toBe(await siteOrigin(request));
  // Per-shopper screens are kept out of search engines.
  for (const path of ['/basket', '/customer', '/search']) expect(text).toContain(`Disallow: ${path}`);
});

test('the sitemap lists every product and listing page by absolute URL, once each', async ({ request }) => {
  const locs = await sitemapLocs(request);
  for (const loc of locs) expect(loc).toMatch(/^https?:\/\/[^/]+\//);
  expect(new Set(locs).size, 'no duplicates').toBe(locs.length);
  const origin = new URL(locs[0] ?? '').origin;
  const paths = new Set(locs.map((loc) => new URL(loc).pathname));
  expect(locs.every((loc) => new URL(loc).origin === origin)).toBe(true);

  const listing = largestListing();
  for (const path of ['/', '/home-garden', '/professional', listing.path]) expect(paths).toContain(path);
  // Every page of a listing, and no page past its end.
  const pageCount = Math.ceil(listing.products.length / PAGE_SIZE);
  for (let n = 2; n <= pageCount; n += 1) expect(paths).toContain(pagePath(listing.path, n));
  expect(paths).not.toContain(pagePath(listing.path, pageCount + 1));
  const missing = productPages()
    .map((product) => `/${product.urlKey}`)
    .filter((path) => !paths.has(path));
  expect(missing, 'product pages left out of the sitemap').toEqual([]);
  expect(paths).toContain(DRY_ICE_PATH);
});

test('the sitemap is an index of files of at most 50,000 URLs, each with its last change, as a product’s', async ({
  request,
}) => {
  const files = await sitemapFiles(request);
  const names = files.map((file) => new URL(file.loc).pathname);
  expect(names).toEqual(expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/products-1.xml']));
  const texts = new Map<string, string>();
  for (const file of files) {
    const xml = await (await request.get(new URL(file.loc).pathname)).text();
    texts.set(file.loc, xml);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.split('<url>').length - 1).toBeLessThanOrEqual(50_000);
    const dates = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1] ?? '').sort();
    // A file's lastmod is the newest of its URLs'.
    expect(file.lastmod).toBe(dates.at(-1));
  }
  // A product page's lastmod is its product's last change in the back end.
  const product = richProduct();
  const entry = new RegExp(`/${product.urlKey}</loc><lastmod>${product.updatedAt.slice(0, 10)}`);
  const products = files.filter((file) => /\/sitemaps\/products-\d+\.xml$/.test(file.loc));
  const holding = products.filter((file) => entry.test(texts.get(file.loc) ?? ''));
  expect(holding).toHaveLength(1);
  expect(holding[0]?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}/);
});

const INDEXED_PAGES = [
  { label: 'home', path: () => '/' },
  { label: 'a landing', path: () => '/home-garden' },
  { label: 'a listing', path: () => largestListing().path },
  { label: 'a product page', path: () => `/${richProduct().urlKey}` },
  { label: 'the privacy summary', path: () => '/privacy-policy' },
];

for (const { label, path } of INDEXED_PAGES) {
  test(`${label} has a canonical link and Open Graph title and URL`, async ({ page, request }) => {
    const target = path();
    await page.goto(target, { waitUntil: 'domcontentloaded' });
    const canonical = new URL(target, await siteOrigin(request)).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
  });
}

/** The Product block of a page's JSON-LD. */
async function productJsonLd(request: APIRequestContext, product: Product): Promise<Record<string, unknown>> {
  const html = await (await request.get(`/${product.urlKey}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json = 'null']) => JSON.parse(json) as Record<string, unknown>,
  );
  const block = blocks.find((data) => data['@type'] === 'Product');
  expect(block, `a Product block on /${product.urlKey}`).toBeDefined();
  return block ?? {};
}

/** Google's merchant listing shape of one delivery method: a rate in GBP to GB, in working days. */
const shipping = (value: number, minTransit: number, maxTransit: number) => ({
  '@type': 'OfferShippingDetails',
  shippingRate: { '@type': 'MonetaryAmount', value, currency: 'GBP' },
  shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
  deliveryTime: {
    '@type': 'ShippingDeliveryTime',
    handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
    transitTime: {
      '@type': 'QuantitativeValue',
      minValue: minTransit,
      maxValue: maxTransit,
      unitCode: 'DAY',
    },
    businessDays: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
        (day) => `https://schema.org/${day}`,
      ),
    },
  },
});

const priced = (matches: (product: Product) => boolean): Product => {
  const product = productPages().find((p) => p.priceInclVat !== null && matches(p));
  if (!product) throw new Error('The e2e catalogue has no such product; the demo catalogue changed.');
  return product;
};

test('a product’s offer gives its delivery methods and the returns policy', async ({ request }) => {
  const cases = [
    {
      product: priced((p) => (p.weight ?? 0) <= 30 && (p.priceInclVat ?? 0) >= 50),
      rates: [
        [0, 2, 3],
        [9.95, 1, 1],
      ],
    },
    {
      product: priced((p) => (p.weight ?? 0) <= 30 && (p.priceInclVat ?? 0) < 50),
      rates: [
        [4.95, 2, 3],
        [9.95, 1, 1],
      ],
    },
    { product: priced((p) => (p.weight ?? 0) > 30), rates: [[49, 3, 5]] },
  ] as const;
  for (const { product, rates } of cases) {
    const offers = (await productJsonLd(request, product))['offers'] as Record<string, unknown>;
    expect(offers['shippingDetails'], product.urlKey).toEqual(
      rates.map(([value, min, max]) => shipping(value, min, max)),
    );
    expect(offers['hasMerchantReturnPolicy'], product.urlKey).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'GB',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/FreeReturn',
    });
  }
});

test('the not-found page is kept out of the index', async ({ page }) => {
  const response = await page.goto('/no-such-product-xyz', { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

/** Below this size compressing gains nothing, and the server sends the bytes as they are. */
const WORTH_COMPRESSING = 1024;

/** Two pages and every hashed stylesheet and script the home page loads. */
async function textAssets(request: APIRequestContext): Promise<{ kind: string; path: string }[]> {
  const html = await (await request.get('/')).text();
  const hashed = [...html.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+\.(css|js))"/g)];
  const assets = [...new Map(hashed.map(([, path = '', ext = '']) => [path, ext.toUpperCase()])).entries()];
  expect(assets.map(([, kind]) => kind).sort(), 'hashed stylesheets and scripts on home').toEqual(
    expect.arrayContaining(['CSS', 'JS']),
  );
  return [
    { kind: 'HTML', path: '/' },
    { kind: 'HTML', path: `/${richProduct().urlKey}` },
    ...assets.map(([path, kind]) => ({ kind, path })),
  ];
}

for (const encoding of ['br', 'gzip'] as const) {
  test(`HTML, CSS and JS are sent ${encoding}-encoded to browsers that accept it`, async ({ request }) => {
    const encoded = new Set<string>();
    for (const { kind, path } of await textAssets(request)) {
      const plain = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
      const size = (await plain.body()).length;
      const response = await request.get(path, { headers: { 'Accept-Encoding': encoding } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['vary'], `${kind} ${path}`).toMatch(/Accept-Encoding/i);
      if (size < WORTH_COMPRESSING) continue;
      expect(response.headers()['content-encoding'], `${kind} ${path} (${size} bytes)`).toBe(encoding);
      expect(await response.body(), `${kind} ${path} decodes to the same bytes`).toEqual(await plain.body());
      encoded.add(kind);
    }
    expect([...encoded].sort(), 'kinds of text seen encoded').toEqual(['CSS', 'HTML', 'JS']);
  });
}

test('text is sent unencoded to clients that accept no encoding', async ({ request }) => {
  for (const { kind, path } of await textAssets(request)) {
    const response = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(response.headers()['content-encoding'], `${kind} ${path}`).toBeUndefined();
  }
});

test('hashed assets under /_astro/ are cached immutable, pages are revalidated', async ({ request }) => {
  for (const { kind, path } of await textAssets(request)) {
    const cacheControl = (await request.get(path)).headers()['cache-control'] ?? '';
    if (kind === 'HTML') {
      expect(cacheControl, path).not.toMatch(/immutable/);
      expect(cacheControl, path).toMatch(/no-cache|must-revalidate|max-age=0/);
    } else {
      expect(cacheControl, path).toMatch(/immutable/);
      expect(cacheControl, path).toMatch(/max-age=31536000/);
    }
  }
});
