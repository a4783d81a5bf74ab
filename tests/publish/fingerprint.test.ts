/**
 * Which product and listing pages a partial rebuild renders again: the changed product, the products that
 * show it as a connected product, the pages of the listings that hold it, and every page when what all
 * pages share (menus, categories, shop) changed.
 */
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../src/catalogue/snapshot.ts';
import type { Catalogue, CategoryNode, Product } from '../../src/catalogue/types.ts';
import type { ShopInfo } from '../../src/config/shop.ts';
import { allListingPages } from '../../src/site/listing-pages.ts';
import { listingFingerprints, sharedFingerprint } from '../../src/site/fingerprint.ts';
import { fixedPageKey, productPagePlan } from '../../src/site/page-plan.ts';
import { planPages } from '../../src/publish/plan/render-plan.ts';
import { withRegularPrice, testShop } from '../unit/catalogue/fixtures.ts';
import { panelPayIn3 } from '../../src/site/price-lines.ts';
import { FITTING_PER_TYPE } from '../../src/site/fit-sections.ts';
import { payIn3Amount } from '../../src/features/checkout/pay-in-3-amount.ts';

const root = (
  audience: 'home-garden' | 'professional',
  id: number,
  children: CategoryNode[],
): CategoryNode => ({
  id,
  name: audience,
  code: audience,
  audience,
  path: `/${audience}`,
  position: 1,
  children,
});

const category: CategoryNode = {
  id: 20,
  name: 'Pressure washers',
  code: 'pressure-washer',
  audience: 'home-garden',
  path: '/home-garden/pressure-washer',
  position: 1,
  children: [],
};

const product = (sku: string, overrides: Partial<Product> = {}): Product =>
  withRegularPrice({
    id: Number(sku.replace(/\D/g, '')) || 1,
    sku,
    name: `Product ${sku}`,
    urlKey: `product-${sku.toLowerCase()}`,
    priceInclVat: 100,
    priceExclVat: 83.33,
    thumbnail: { file: `/p/${sku}.jpg`, label: sku, position: 1 },
    shortDescription: '',
    inStock: true,
    modelNumber: null,
    description: '',
    images: [],
    technicalData: [],
    equipment: [],
    applications: [],
    documents: [],
    weight: null,
    listPrice: null,
    categoryIds: [20],
    visibility: 4,
    links: { related: [], upsell: [], crosssell: [] },
    tierPrices: [],
    typeId: 'simple',
    configurable: null,
    parentSku: null,
    optionValues: {},
    priceFrom: false,
    updatedAt: '2026-01-01 10:00:00',
    createdAt: '2026-01-01 10:00:00',
    ...overrides,
  });

const shop = testShop;

function planOf(products: Product[], shopInfo: ShopInfo = shop) {
  const catalogue: Catalogue = {
    readAt: '2026-01-01T10:00:00.000Z',
    audiences: {
      'home-garden': root('home-garden', 7, [category]),
      professional: root('professional', 3, []),
    },
    products,
    attributes: [],
    positions: {},
  };
  const index = indexCatalogue(catalogue);
  return { index, shared: sharedFingerprint(index, shopInfo) };
}

function fingerprints(products: Product[], shopInfo: ShopInfo = shop) {
  const { index, shared } = planOf(products, shopInfo);
  const hrefBySku = new Map(index.pages.map((page) => [page.sku, `/${page.urlKey}`]));
  const planned = productPagePlan(index, { routed: index.pages, hrefBySku }, shared);
  return { shared, pages: new Map(planned.map(({ key, cacheKey }) => [key, cacheKey])) };
}

const changedPages = (before: ReturnType<typeof fingerprints>, after: ReturnType<typeof fingerprints>) =>
  planPages(after.pages, after.shared, {
    version: 1,
    shared: before.shared,
    pages: Object.fromEntries(before.pages),
    rendered: [],
    partial: false,
  }).manifest.rendered.sort();

// A's picture is the menu tile's (the category's first product by name); B links to C.
const catalogue = [
  product('A1'),
  product('B2', { links: { related: ['C3'], upsell: [], crosssell: [] } }),
  product('C3'),
];

describe('product page fingerprints', () => {
  it('render every page when there is no previous build to compare with', () => {
    const { shared, pages } = fingerprints(catalogue);
    const { manifest, render } = planPages(pages, shared);
    expect(manifest.partial).toBe(false);
    expect(render).toEqual(new Set(['product-a1', 'product-b2', 'product-c3']));
  });

  it('render nothing again when nothing changed', () => {
    expect(changedPages(fingerprints(catalogue), fingerprints(catalogue))).toEqual([]);
  });

  it('render a repriced or sold-out product’s page only: the pages linking to it bake no price or stock', () => {
    for (const change of [
      { regularPriceInclVat: 149.99 },
      { inStock: false },
      { rating: { percent: 80, count: 2 } },
    ]) {
      const changed = catalogue.map((p) => (p.sku === 'C3' ? { ...p, ...change } : p));
      expect(changedPages(fingerprints(catalogue), fingerprints(changed))).toEqual(['product-c3']);
    }
  });

  it('render the pages linking to a product whose name or picture changed', () => {
    const renamed = catalogue.map((p) => (p.sku === 'C3' ? { ...p, name: 'Product C3, new' } : p));
    expect(changedPages(fingerprints(catalogue), fingerprints(renamed))).toEqual([
      'product-b2',
      'product-c3',
    ]);
    const picture = { file: '/p/c3-new.jpg', label: 'C3', position: 1 };
    const pictured = catalogue.map((p) => (p.sku === 'C3' ? { ...p, thumbnail: picture } : p));
    expect(changedPages(fingerprints(catalogue), fingerprints(pictured))).toEqual([
      'product-b2',
      'product-c3',
    ]);
  });

  it('render a product whose price crosses Pay in 3’s £30 or £2,000 again, its sentence drawn from the new price', () => {
    const priced = (inclVat: number) =>
      catalogue.map((p) =>
        p.sku === 'A1' ? { ...p, priceInclVat: inclVat, regularPriceInclVat: inclVat } : p,
      );
    const sentence = (products: Product[]) => {
      const { index, shared } = planOf(products);
      const page = productPagePlan(index, { routed: index.pages, hrefBySku: new Map() }, shared).find(
        ({ key }) => key === 'product-a1',
      );
      if (!page) throw new Error('no page for A1');
      return panelPayIn3(page.props.model);
    };
    for (const [before, after] of [
      [29.99, 30],
      [30, 29.99],
      [2000, 2000.01],
      [45, 60],
    ] as const) {
      expect(changedPages(fingerprints(priced(before)), fingerprints(priced(after)))).toContain('product-a1');
      expect([sentence(priced(before)), sentence(priced(after))]).toEqual([
        payIn3Amount(before) ?? undefined,
        payIn3Amount(after) ?? undefined,
      ]);
    }
    expect(sentence(priced(29.99))).toBeUndefined();
    expect(sentence(priced(30))).toBe('£10.00');
  });

  it('drop a deleted product and render the pages that linked to it', () => {
    const without = catalogue.filter((p) => p.sku !== 'C3');
    const after = fingerprints(without);
    expect(changedPages(fingerprints(catalogue), after)).toEqual(['product-b2']);
    expect([...after.pages.keys()]).not.toContain('product-c3');
  });

  it('render every page when what all pages share changed (a menu picture, the shop)', () => {
    const picture = catalogue.map((p) =>
      p.sku === 'A1' ? { ...p, thumbnail: { file: '/p/new.jpg', label: 'A1', position: 1 } } : p,
    );
    expect(changedPages(fingerprints(catalogue), fingerprints(picture))).toHaveLength(3);
    expect(
      changedPages(fingerprints(catalogue), fingerprints(catalogue, { ...shop, phone: '0800 000 0000' })),
    ).toHaveLength(3);
  });
});

describe('fits: what a price change of a part or a machine re-renders', () => {
  // Two K 5 machines and a K 7; a hose fits the K 5 and K 7, a filter the K 5 only.
  const fit = (model: string | null, fits: string[] = [], type: string | null = null) => ({
    fit: { model, fits, type },
  });
  const fitted = [
    product('M1', fit('K 5')),
    product('M2', fit('K 5')),
    product('M3', fit('K 7')),
    product('H4', fit(null, ['K 5', 'K 7'], 'Hoses')),
    product('F5', fit(null, ['K 5'], 'Filters and spare parts')),
  ];
  const repriced = (sku: string) =>
    fitted.map((p) => (p.sku === sku ? { ...p, regularPriceInclVat: 149.99 } : p));

  it('a part’s price or stock re-renders its own page only: a machine’s page bakes neither', () => {
    for (const sku of ['F5', 'H4'])
      expect(changedPages(fingerprints(fitted), fingerprints(repriced(sku)))).toEqual([
        `product-${sku.toLowerCase()}`,
      ]);
    const soldOut = fitted.map((p) => (p.sku === 'H4' ? { ...p, inStock: false } : p));
    expect(changedPages(fingerprints(fitted), fingerprints(soldOut))).toEqual(['product-h4']);
  });

  it('a part’s new name re-renders the pages of the machines that show it, not the others', () => {
    const renamed = fitted.map((p) => (p.sku === 'F5' ? { ...p, name: 'Filter, new' } : p));
    expect(changedPages(fingerprints(fitted), fingerprints(renamed))).toEqual([
      'product-f5',
      'product-m1',
      'product-m2',
    ]);
  });

  it('a machine’s price re-renders its page only: the parts’ pages name its model, not its price', () => {
    expect(changedPages(fingerprints(fitted), fingerprints(repriced('M3')))).toEqual(['product-m3']);
  });

  it('a part past the ones a machine’s page shows stays there, whatever its stock or the others’', () => {
    // Nine hoses fit the K 5: its machine's page shows the first eight by name.
    const hoses = Array.from({ length: FITTING_PER_TYPE + 1 }, (_, at) =>
      product(`H0${at + 1}`, fit(null, ['K 5'], 'Hoses')),
    );
    const shop = [product('M1', fit('K 5')), ...hoses];
    const changed = (sku: string, change: Partial<Product>) =>
      changedPages(
        fingerprints(shop),
        fingerprints(shop.map((p) => (p.sku === sku ? { ...p, ...change } : p))),
      );
    expect(changed('H09', { regularPriceInclVat: 149.99 })).toEqual(['product-h09']);
    // The first hose sold out: it keeps its place on the machine's page, which says so from the fit file.
    expect(changed('H01', { inStock: false })).toEqual(['product-h01']);
  });
});

describe('listing page fingerprints', () => {
  const professional: CategoryNode = {
    ...category,
    id: 30,
    audience: 'professional',
    path: '/professional/pressure-washer',
  };
  /**
   * Thirteen washers for Home & Garden (two pages: H10–H21, then H22), £100 to £220 in steps of £10; two
   * for Professional.
   */
  const products = [
    ...Array.from({ length: 13 }, (_, at) =>
      product(`H${String(at + 10)}`, { priceInclVat: 100 + at * 10, priceExclVat: null }),
    ),
    product('P1', { categoryIds: [30] }),
    product('P2', { categoryIds: [30] }),
  ];
  const repricedTo = (sku: string, price: number) =>
    products.map((p) => (p.sku === sku ? { ...p, regularPriceInclVat: price } : p));

  const indexOf = (list: Product[]) =>
    indexCatalogue({
      readAt: '2026-01-01T10:00:00.000Z',
      audiences: {
        'home-garden': root('home-garden', 7, [category]),
        professional: root('professional', 3, [professional]),
      },
      products: list,
      attributes: [],
      positions: {},
    });
  const hrefs = (list: Product[]) => new Map(list.map((p) => [p.sku, `/${p.urlKey}`]));

  function listingPages(list: Product[]) {
    const index = indexOf(list);
    const shared = sharedFingerprint(index, shop);
    return { shared, pages: listingFingerprints(allListingPages(index, hrefs(list)), shared) };
  }

  it('key each page of each listing by its path', () => {
    const keys = [...listingPages(products).pages.keys()];
    expect(keys).toContain('home-garden/pressure-washer');
    expect(keys).toContain('home-garden/pressure-washer/page/2');
    expect(keys).toContain('professional/pressure-washer');
    expect(keys).not.toContain('professional/pressure-washer/page/2');
  });

  it('render only the page showing a repriced product when no count or price band moved', () => {
    expect(changedPages(listingPages(products), listingPages(repricedTo('H22', 219)))).toEqual([
      'home-garden/pressure-washer/page/2',
    ]);
  });

  it('render only the page showing a product whose rating changed', () => {
    const rated = products.map((p) => (p.sku === 'H22' ? { ...p, rating: { percent: 84, count: 3 } } : p));
    const reviewedAgain = rated.map((p) =>
      p.sku === 'H22' ? { ...p, rating: { percent: 86, count: 4 } } : p,
    );
    expect(changedPages(listingPages(rated), listingPages(reviewedAgain))).toEqual([
      'home-garden/pressure-washer/page/2',
    ]);
  });

  it("render only the page showing a product whose rating moves the rating filter's counts", () => {
    const rated = products.map((p) => (p.sku === 'H22' ? { ...p, rating: { percent: 84, count: 3 } } : p));
    const fellToThree = rated.map((p) => (p.sku === 'H22' ? { ...p, rating: { percent: 70, count: 4 } } : p));
    expect(changedPages(listingPages(rated), listingPages(fellToThree))).toEqual([
      'home-garden/pressure-washer/page/2',
    ]);
    // The listing's first review brings the rating filter and sort to every page of it.
    expect(changedPages(listingPages(products), listingPages(rated))).toEqual([
      'home-garden/pressure-washer',
      'home-garden/pressure-washer/page/2',
    ]);
  });

  it('render only the page showing a product whose price moved the price bands: pages bake no bands', () => {
    const before = allListingPages(indexOf(products), hrefs(products))[0]?.data.index;
    const after = allListingPages(indexOf(repricedTo('H22', 40)), hrefs(products))[0]?.data.index;
    expect(after?.facets).not.toEqual(before?.facets);
    expect(changedPages(listingPages(products), listingPages(repricedTo('H22', 40)))).toEqual([
      'home-garden/pressure-washer/page/2',
    ]);
  });

  it('render only the page showing a product out of stock: the listing’s order is the merchandiser’s', () => {
    const soldOut = products.map((p) => (p.sku === 'H15' ? { ...p, inStock: false } : p));
    expect(changedPages(listingPages(products), listingPages(soldOut))).toEqual([
      'home-garden/pressure-washer',
    ]);
    const lastSoldOut = products.map((p) => (p.sku === 'H22' ? { ...p, inStock: false } : p));
    expect(changedPages(listingPages(products), listingPages(lastSoldOut))).toEqual([
      'home-garden/pressure-washer/page/2',
    ]);
  });

  it('take a product that left a category out of its listing and counts, and into its new one', () => {
    // P2 sorts after every other product, so no menu picture changes with it.
    const moved = products.map((p) => (p.sku === 'P2' ? { ...p, categoryIds: [20] } : p));
    expect(changedPages(listingPages(products), listingPages(moved))).toEqual([
      'home-garden/pressure-washer',
      'home-garden/pressure-washer/page/2',
      'professional/pressure-washer',
    ]);
    const browsed = (path: string) =>
      allListingPages(indexOf(moved), hrefs(moved)).find((page) => page.path === path)?.data.browsed;
    const professionalNow = browsed('/professional/pressure-washer');
    expect(professionalNow?.results.map(([sku]) => sku)).toEqual(['P1']);
    expect(professionalNow?.counts.inStock).toBe(1);
    expect(browsed('/home-garden/pressure-washer')?.results.map(([sku]) => sku)).toContain('P2');
  });

  it('keep a page’s key only while its cards are: a price there and back, a page another plan left out', () => {
    const secondPage = 'home-garden/pressure-washer/page/2';
    const first = listingPages(products).pages;
    const repriced = listingPages(repricedTo('H22', 219)).pages;
    expect(repriced.get(secondPage)).not.toBe(first.get(secondPage));
    expect(listingPages(products).pages).toEqual(first);
    // A plan of the first pages only, after H22's price: the second page is not keyed…
    const index = indexOf(repricedTo('H22', 219));
    const pages = allListingPages(index, hrefs(products));
    const firstOnly = listingFingerprints(pages, sharedFingerprint(index, shop), (page) => page.page === 1);
    expect([...firstOnly.keys()]).not.toContain(secondPage);
    // …and a plan of every page after it keys the second page as that price shows it.
    expect(listingPages(repricedTo('H22', 219)).pages.get(secondPage)).toBe(repriced.get(secondPage));
  });

  it('render nothing when nothing changed, and drop a page the listing no longer fills', () => {
    expect(changedPages(listingPages(products), listingPages(products))).toEqual([]);
    const fewer = listingPages(products.filter((p) => p.sku !== 'H10'));
    expect([...fewer.pages.keys()]).not.toContain('home-garden/pressure-washer/page/2');
  });
});

describe('fixed page fingerprints', () => {
  const withBlocks = (blocks: Catalogue['blocks']) =>
    indexCatalogue({
      readAt: '2026-01-01T10:00:00.000Z',
      audiences: {
        'home-garden': root('home-garden', 7, [category]),
        professional: root('professional', 3, []),
      },
      products: catalogue,
      attributes: [],
      positions: {},
      ...(blocks && { blocks }),
    });
  const banner = { title: 'Call banner', content: '<h2>Ask us</h2><p>Mon to Fri, 9 to 5.</p><p>Call</p>' };
  const strip = { title: 'Strip', content: '<ul><li>a</li><li>b</li><li>c</li></ul>' };
  const key = (page: string, blocks: Catalogue['blocks']) => fixedPageKey(page, withBlocks(blocks), 'shared');

  // The search page's no-results help shows the call banner, and the accessibility statement its opening hours.
  it.each(['search', 'accessibility'])(
    'render %s again when the call banner it shows changes, not other blocks',
    (page) => {
      const before = key(page, { 'home-call-banner': banner });
      expect(key(page, { 'home-call-banner': { ...banner, content: '<h2>Ask</h2>' } })).not.toBe(before);
      expect(key(page, { 'home-call-banner': banner, 'home-strip': strip })).toBe(before);
      expect(key(page, undefined)).not.toBe(before);
    },
  );
});
