import { describe, expect, it } from 'vitest';
import { LISTING_CODES } from '../../../src/catalogue/categories.ts';
import {
  allListings,
  categoryListings,
  listingTrail,
  nameFromCode,
  subcategoryListings,
} from '../../../src/components/catalogue/listings.ts';
import { index } from './fixtures.ts';

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

  it('never lists dry-ice-cleaning', () => {
    const paths = allListings(catalogue).map((listing) => listing.path);
    expect(paths.some((path) => path.includes('dry-ice-cleaning'))).toBe(false);
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
