/**
 * The catalogue as the storefront thinks of it: plain, serialisable domain types built from Magento's
 * wire shapes by the mappers in `map.ts`. Pages and islands only ever see these.
 */

export type Audience = 'home-garden' | 'professional';

export interface CategoryNode {
  id: number;
  name: string;
  /** The category code in URLs, Magento's url_key (e.g. `pressure-washer`). */
  code: string;
  audience: Audience;
  /** Storefront path of the listing, e.g. `/home-garden/pressure-washer`. */
  path: string;
  position: number;
  children: CategoryNode[];
}

export interface ProductImage {
  /** Path under Magento's `catalog/product` media folder, e.g. `/h/g/hg-pw-00012-1.jpg`. */
  file: string;
  label: string;
  position: number;
}

export interface SpecRow {
  code: string;
  label: string;
  value: string;
}

export interface ProductDocument {
  title: string;
  url: string;
}

/** What a card in a listing, a search result or a connected-products section shows. */
export interface ProductSummary {
  sku: string;
  name: string;
  urlKey: string;
  /** GBP incl VAT with pence; null hides the price (0 or missing, as the spec says). */
  priceInclVat: number | null;
  /** GBP excl VAT with pence; null when unknown. */
  priceExclVat: number | null;
  /** The thumbnail image file, or the first image. */
  thumbnail: ProductImage | null;
  shortDescription: string;
  inStock: boolean;
}

export interface Product extends ProductSummary {
  id: number;
  /** Magento's supplier_code, shown as "Model n". */
  modelNumber: string | null;
  /** Sanitised HTML. */
  description: string;
  images: ProductImage[];
  technicalData: SpecRow[];
  equipment: string[];
  applications: string[];
  documents: ProductDocument[];
  /** list_price when Magento has one: the side info box shows only then. */
  listPrice: number | null;
  /** Directly assigned category ids (Magento semantics). */
  categoryIds: number[];
  /** 1 not visible individually, 2 catalog, 3 search, 4 both. */
  visibility: number;
  /** Linked skus by Magento link type, in position order. */
  links: { related: string[]; upsell: string[]; crosssell: string[] };
  updatedAt: string;
}

export interface Catalogue {
  /** When the catalogue was read from Magento (ISO 8601). */
  readAt: string;
  /** Home & Garden and Professional trees. */
  audiences: Record<Audience, CategoryNode>;
  /** Enabled products, sorted by sku; those with visibility 1 have no page of their own. */
  products: Product[];
}
