import { describe, expect, it } from 'vitest';
import { LISTING_CODES } from '../../../src/catalogue/categories.ts';
import {
  allListings,
  categoryListings,
  listingTrail,
  nameFromCode,
  subcategoryListings,
} from '../../../src/site/listings.ts';
import { allListingPages, valueProblemLines } from '../../../src/site/listing-pages.ts';
import { index, product } from '../catalogue/fixtures.ts';

const catalogue = index([]);

describe('categoryListings', () => {
  it('has one listing per accepted code, in the spec order', () => {
    const listings = categoryListings(catalogue, 'home-garden');
    expect(listings.map((listing) => listing.code)).toEqual(LISTING_CODES['home-garden']);
    expect(listings[0]).toEqual({
      audience: 'home-garden',
      path: '/home-garden/pressure-washer',
      code: 'pressure-washer',
      categoryId: 24,
      name: 'Pressure Washers',
      parent: null,
      children: [
        { name: 'Compact Pressure Washers', path: '/home-garden/pressure-washer/compact-pressure-washers' },
      ],
      model: null,
    });
  });

  it('keeps an accepted code Magento has no category for, as an empty listing', () => {
    const detergents = categoryListings(catalogue, 'professional').find(
      (listing) => listing.code === 'detergents',
    );
    expect(detergents).toMatchObject({
      categoryId: null,
      name: 'Detergents',
      path: '/professional/detergents',
    });
  });

  it('lists dry-ice-cleaning like every other category, with its sub-categories (DESIGN.md §3)', () => {
    expect(categoryListings(catalogue, 'professional').map((listing) => listing.code)).toContain(
      'dry-ice-cleaning',
    );
    expect(allListings(catalogue).filter((listing) => listing.path.includes('dry-ice-cleaning'))).toEqual([
      expect.objectContaining({
        path: '/professional/dry-ice-cleaning',
        categoryId: 23,
        name: 'Dry Ice Cleaning',
        children: [{ name: 'Blasters', path: '/professional/dry-ice-cleaning/blasters' }],
      }),
      expect.objectContaining({
        path: '/professional/dry-ice-cleaning/blasters',
        categoryId: 44,
        parent: {
          name: 'Dry Ice Cleaning',
          path: '/professional/dry-ice-cleaning',
          code: 'dry-ice-cleaning',
        },
      }),
    ]);
  });

  it("shows the dry-ice-cleaning category's products, paged, with their count", () => {
    const blasters = Array.from({ length: 13 }, (_, at) =>
      product({ sku: `DI-${String(at + 1).padStart(2, '0')}`, categoryIds: [23] }),
    );
    const shop = index(blasters);
    const hrefBySku = new Map(blasters.map((blaster) => [blaster.sku, `/${blaster.urlKey}`]));
    const pages = allListingPages(shop, hrefBySku).filter(
      (page) => page.data.listing.code === 'dry-ice-cleaning',
    );
    expect(pages.map((page) => page.path)).toEqual([
      '/professional/dry-ice-cleaning',
      '/professional/dry-ice-cleaning/page/2',
    ]);
    expect(pages.map((page) => page.shown.length)).toEqual([12, 1]);
    expect(pages[0]?.data.browsed.results).toHaveLength(13);
    expect(pages[0]?.data.index.products).toHaveLength(13);
  });
});

describe('subcategoryListings', () => {
  it('lists third-level categories at their own path with their parent', () => {
    expect(subcategoryListings(catalogue, 'home-garden')).toEqual([
      expect.objectContaining({
        path: '/home-garden/pressure-washer/compact-pressure-washers',
        code: 'compact-pressure-washers',
        categoryId: 38,
        parent: { name: 'Pressure Washers', path: '/home-garden/pressure-washer', code: 'pressure-washer' },
      }),
      expect.objectContaining({ path: '/home-garden/window-vac/wv-black-edition', categoryId: 40 }),
    ]);
  });
});

describe('listingTrail', () => {
  it('is Home > audience > category, with the parent for third-level listings', () => {
    const [washers] = categoryListings(catalogue, 'home-garden');
    const [compact] = subcategoryListings(catalogue, 'home-garden');
    if (!washers || !compact) throw new Error('fixture listings missing');
    expect(listingTrail(washers).map((crumb) => crumb.name)).toEqual([
      'Home',
      'Home & Garden',
      'Pressure Washers',
    ]);
    expect(listingTrail(compact)).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Home & Garden', href: '/home-garden' },
      { name: 'Pressure Washers', href: '/home-garden/pressure-washer' },
      { name: 'Compact Pressure Washers', href: '/home-garden/pressure-washer/compact-pressure-washers' },
    ]);
  });
});

describe('nameFromCode', () => {
  it('makes a heading from a code', () => {
    expect(nameFromCode('wet-dry-vacuum-cleaners')).toBe('Wet dry vacuum cleaners');
  });
});

describe('valueProblemLines', () => {
  it('warns once per attribute, quoting the first few products, and names a lone product as before', () => {
    const weights = ['25 kg', '8,2', 'see data sheet', 'approx. 14'].map((value, at) => ({
      sku: `PW-${at}`,
      code: 'weight_kg',
      value,
    }));
    const lines = valueProblemLines([...weights, { sku: 'VC-1', code: 'power_w', value: '2760 W' }]);
    expect(lines).toEqual([
      '4 products: weight_kg is not a number (PW-0 "25 kg", PW-1 "8,2", PW-2 "see data sheet", …); they are in no band of that filter.',
      'Product VC-1: power_w "2760 W" is not a number; it is in no band of that filter.',
    ]);
  });
});
