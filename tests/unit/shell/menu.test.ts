import { describe, expect, it } from 'vitest';
import { isListingCode, unlistedCategories } from '../../../src/catalogue/categories.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import type { Audience, Catalogue, CategoryNode, Product } from '../../../src/catalogue/types.ts';
import { audienceMenus, categoryImage } from '../../../src/site/menus.ts';
import { withRegularPrice } from '../catalogue/fixtures.ts';

const node = (
  audience: Audience,
  id: number,
  code: string,
  position: number,
  children: CategoryNode[] = [],
): CategoryNode => ({
  id,
  name: code.replace(/-/g, ' '),
  code,
  audience,
  path: `/${audience}/${code}`,
  position,
  children,
});

const product = (sku: string, categoryIds: number[], file: string | null): Product =>
  withRegularPrice({
    sku,
    name: sku,
    urlKey: sku.toLowerCase(),
    priceInclVat: 10,
    priceExclVat: 8.33,
    thumbnail: file === null ? null : { file, label: sku, position: 1 },
    shortDescription: '',
    inStock: true,
    id: 1,
    modelNumber: null,
    description: '',
    images: [],
    technicalData: [],
    equipment: [],
    applications: [],
    documents: [],
    weight: null,
    listPrice: null,
    categoryIds,
    visibility: 4,
    links: { related: [], upsell: [], crosssell: [] },
    tierPrices: [],
    typeId: 'simple',
    configurable: null,
    parentSku: null,
    optionValues: {},
    priceFrom: false,
    updatedAt: '2024-01-01T00:00:00Z',
    createdAt: '2024-01-01 00:00:00',
  });

const windowVac = node('home-garden', 29, 'window-vac', 2, [node('home-garden', 40, 'wv-black-edition', 1)]);
const catalogue: Catalogue = {
  readAt: '2024-01-01T00:00:00Z',
  audiences: {
    'home-garden': {
      ...node('home-garden', 7, 'home-garden', 1, [windowVac, node('home-garden', 24, 'pressure-washer', 1)]),
      path: '/home-garden',
    },
    professional: {
      ...node('professional', 3, 'professional', 2, [node('professional', 23, 'dry-ice-cleaning', 19)]),
      path: '/professional',
    },
  },
  products: [product('A', [24], '/a/a.jpg'), product('B', [40], '/b/b.jpg'), product('C', [24], null)],
  attributes: [],
  positions: {},
};

describe('audienceMenus', () => {
  const [homeGarden, professional] = audienceMenus(indexCatalogue(catalogue));

  it('gives each audience its landing page and a tile per child category, in catalogue order', () => {
    expect(homeGarden?.href).toBe('/home-garden');
    expect(homeGarden?.tiles.map((tile) => tile.href)).toEqual([
      '/home-garden/pressure-washer',
      '/home-garden/window-vac',
    ]);
  });

  it('gives dry-ice-cleaning a tile leading to its listing, like every other category (DESIGN.md §3)', () => {
    expect(professional?.tiles.map((tile) => tile.href)).toEqual(['/professional/dry-ice-cleaning']);
    expect(isListingCode('professional', 'dry-ice-cleaning')).toBe(true);
  });

  it('shows no picture for a category without products', () => {
    expect(professional?.tiles[0]?.image).toBeNull();
  });

  it('gives no tile to a category Magento has and the shop has no listing for (it would lead to Not Found)', () => {
    const added = node('professional', 99, 'ice-rinks', 1);
    const withNew: Catalogue = {
      ...catalogue,
      audiences: {
        ...catalogue.audiences,
        professional: {
          ...catalogue.audiences.professional,
          children: [added, ...catalogue.audiences.professional.children],
        },
      },
    };
    const [, menu] = audienceMenus(indexCatalogue(withNew));
    expect(menu?.tiles.map((tile) => tile.href)).toEqual(['/professional/dry-ice-cleaning']);
    // Not silently: the build's log names it, and what to do.
    expect(unlistedCategories(withNew.audiences)).toEqual([
      'Category "ice rinks" (ice-rinks) under Professional has no listing in this shop, so no menu tile or page: add its code to LISTING_CODES (src/catalogue/categories.ts) to give it one.',
    ]);
    expect(unlistedCategories(catalogue.audiences)).toEqual([]);
  });
});

describe('categoryImage', () => {
  const { byCategory } = indexCatalogue(catalogue);

  it("uses a picture of the category's own products", () => {
    expect(categoryImage(node('home-garden', 24, 'pressure-washer', 1), byCategory)?.file).toBe('/a/a.jpg');
  });

  it('falls back to a picture from a sub-category', () => {
    expect(categoryImage(windowVac, byCategory)?.file).toBe('/b/b.jpg');
  });
});
