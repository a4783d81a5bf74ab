/** Small hand-made catalogue pieces for the catalogue page helpers' tests. */
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import type { ShopInfo } from '../../../src/config/shop.ts';
import type {
  Catalogue,
  CatalogueAttribute,
  CategoryNode,
  Product,
  VariantAttribute,
} from '../../../src/catalogue/types.ts';

/** A text attribute Magento uses nowhere (not filtered, sorted, compared or searched) unless told. */
export const attribute = (code: string, overrides: Partial<CatalogueAttribute> = {}): CatalogueAttribute => ({
  id: `9${code.length}${code.charCodeAt(0)}`,
  code,
  label: code,
  input: 'text',
  backendType: 'varchar',
  filterable: false,
  sortable: false,
  comparable: false,
  searchable: false,
  filterableInSearch: false,
  searchWeight: null,
  position: 0,
  options: [],
  ...overrides,
});

export function product(overrides: Partial<Product> & Pick<Product, 'sku'>): Product {
  const slug = overrides.sku.toLowerCase();
  return withRegularPrice({
    id: 1,
    name: `Machine ${overrides.sku}`,
    urlKey: slug,
    priceInclVat: 149.99,
    priceExclVat: 124.99,
    thumbnail: { file: `/m/a/${slug}-1.jpg`, label: `Machine ${overrides.sku} view 1`, position: 1 },
    shortDescription: 'A compact machine.',
    inStock: true,
    modelNumber: '1.234-567.0',
    description: '<p>A compact machine.</p>',
    images: [{ file: `/m/a/${slug}-1.jpg`, label: `Machine ${overrides.sku} view 1`, position: 1 }],
    technicalData: [],
    equipment: [],
    applications: [],
    documents: [],
    weight: 1.8,
    tierPrices: [],
    typeId: 'simple',
    configurable: null,
    parentSku: null,
    optionValues: {},
    priceFrom: false,
    listPrice: null,
    categoryIds: [],
    visibility: 4,
    links: { related: [], upsell: [], crosssell: [] },
    updatedAt: '2026-11-23 07:35:26',
    createdAt: '2026-01-05 09:00:00',
    ...overrides,
  });
}

/** A product's regular price is the price it shows unless a test says otherwise (no sale by default). */
export const withRegularPrice = (
  product: Omit<
    Product,
    | 'regularPriceInclVat'
    | 'regularPriceExclVat'
    | 'specialPrice'
    | 'wasInclVat'
    | 'wasExclVat'
    | 'rating'
    | 'reviews'
    | 'fit'
  > &
    Partial<Product>,
): Product => ({
  regularPriceInclVat: product.priceInclVat,
  regularPriceExclVat: product.priceExclVat,
  specialPrice: null,
  wasInclVat: null,
  wasExclVat: null,
  rating: null,
  reviews: [],
  fit: { model: null, fits: [], type: null },
  ...product,
});

const node = (
  id: number,
  code: string,
  name: string,
  path: string,
  children: CategoryNode[] = [],
): CategoryNode => ({
  id,
  code,
  name,
  path,
  audience: path.startsWith('/professional') ? 'professional' : 'home-garden',
  position: id,
  children,
});

export function catalogue(products: Product[]): Catalogue {
  return {
    readAt: '2026-11-23T07:35:38.935Z',
    audiences: {
      'home-garden': node(7, 'home-garden', 'Home & Garden', '/home-garden', [
        node(24, 'pressure-washer', 'Pressure Washers', '/home-garden/pressure-washer', [
          node(
            38,
            'compact-pressure-washers',
            'Compact Pressure Washers',
            '/home-garden/pressure-washer/compact-pressure-washers',
          ),
        ]),
        node(29, 'window-vac', 'Window Vacs', '/home-garden/window-vac', [
          node(40, 'wv-black-edition', 'WV Black Edition', '/home-garden/window-vac/wv-black-edition'),
        ]),
      ]),
      professional: node(3, 'professional', 'Professional', '/professional', [
        node(4, 'pressure-washer', 'Pressure Washers', '/professional/pressure-washer'),
        node(23, 'dry-ice-cleaning', 'Dry Ice Cleaning', '/professional/dry-ice-cleaning', [
          node(44, 'blasters', 'Blasters', '/professional/dry-ice-cleaning/blasters'),
        ]),
      ]),
    },
    products,
    attributes: [],
    positions: {},
  };
}

export const index = (products: Product[]) => indexCatalogue(catalogue(products));

/** The shop's identity on every page, as the tests render it. */
export const testShop: ShopInfo = {
  name: 'Clearwater Cleaning',
  phone: '0800 123 4567',
  orderPhone: '0800 765 4321',
  email: 'shop@example.com',
  address: 'Leeds',
  siteUrl: 'https://shop.example.com',
  analyticsTag: null,
  policyVersion: '2022-02',
};

/** Volume as a configurable varies by it: options 211 "1 l", 212 "5 l", 213 "10 l". */
export const VOLUME: VariantAttribute = {
  attributeId: '155',
  code: 'volume',
  label: 'Volume',
  position: 0,
  values: [
    { id: 211, label: '1 l', slug: '1-l' },
    { id: 212, label: '5 l', slug: '5-l' },
    { id: 213, label: '10 l', slug: '10-l' },
  ],
};

/**
 * "Car Shampoo" in 1 l (£9.99), 5 l (£29.99) and 10 l (£49.99, sold out), the children not visible on their
 * own, before `withVariants` joins them: what the catalogue reader maps from Magento.
 */
export function shampoo(): { parent: Product; one: Product; five: Product; ten: Product } {
  const child = (id: number, sku: string, volume: string, price: number, inStock = true): Product =>
    product({
      id,
      sku,
      name: `Car Shampoo ${volume}`,
      urlKey: sku.toLowerCase(),
      visibility: 1,
      priceInclVat: price,
      priceExclVat: Math.round((price / 1.2) * 100) / 100,
      inStock,
      modelNumber: `6.295-${id}.0`,
      optionValues: { volume: String(VOLUME.values.find((value) => value.label === volume)?.id) },
    });
  return {
    parent: product({
      id: 300,
      sku: 'CS',
      name: 'Car Shampoo',
      urlKey: 'car-shampoo',
      typeId: 'configurable',
      priceInclVat: null,
      priceExclVat: null,
      modelNumber: null,
      configurable: { attributes: [VOLUME], childIds: [301, 302, 303], variants: [] },
    }),
    one: child(301, 'CS-1L', '1 l', 9.99),
    five: child(302, 'CS-5L', '5 l', 29.99),
    ten: child(303, 'CS-10L', '10 l', 49.99, false),
  };
}

/** The shampoo's products in catalogue (sku) order. */
export const shampooProducts = (): Product[] =>
  Object.values(shampoo()).sort((a, b) => (a.sku < b.sku ? -1 : 1));
