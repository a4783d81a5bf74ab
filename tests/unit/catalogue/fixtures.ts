/** Small hand-made catalogue pieces for the catalogue page helpers' tests. */
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import type { Catalogue, CatalogueAttribute, CategoryNode, Product } from '../../../src/catalogue/types.ts';

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
  return {
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
    priceFrom: false,
    listPrice: null,
    categoryIds: [],
    visibility: 4,
    links: { related: [], upsell: [], crosssell: [] },
    updatedAt: '2026-11-23 07:35:26',
    createdAt: '2026-01-05 09:00:00',
    ...overrides,
  };
}

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
