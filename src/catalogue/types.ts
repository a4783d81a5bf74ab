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
  /**
   * Shipping weight in kg (Magento's top-level `weight`), or null when Magento has none: it decides parcel
   * or pallet delivery (src/delivery).
   */
  weight: number | null;
  /** list_price when Magento has one: the side info box shows only then. */
  listPrice: number | null;
  /** Directly assigned category ids (Magento semantics). */
  categoryIds: number[];
  /** 1 not visible individually, 2 catalog, 3 search, 4 both. */
  visibility: number;
  /** Linked skus by Magento link type, in position order. */
  links: { related: string[]; upsell: string[]; crosssell: string[] };
  updatedAt: string;
  /** When the product was created in Magento (`YYYY-MM-DD HH:MM:SS`, UTC): "newest first". */
  createdAt: string;
}

/**
 * A product attribute as Magento's metadata describes it: its label, how it is entered, and the flags a
 * merchandiser sets in Magento's admin that decide where the storefront uses it (DESIGN.md §4).
 */
export interface CatalogueAttribute {
  code: string;
  label: string;
  /** Magento's frontend_input: `text`, `select`, `multiselect`, `boolean`, `price`, `weight`, … */
  input: string;
  /** Magento's backend_type: `varchar`, `decimal`, `int`, … */
  backendType: string;
  /** Used in layered navigation (`is_filterable`). */
  filterable: boolean;
  /** Offered as a listing sort (`used_for_sort_by`). */
  sortable: boolean;
  /** Shown on the compare page (`is_comparable`). */
  comparable: boolean;
  /**
   * Quick search looks in its values (Magento's `is_searchable`, which arrives as `"0"`/`"1"`; absent
   * means no).
   */
  searchable: boolean;
  /** A filter of the search results page too (`is_filterable_in_search`; absent means no). */
  filterableInSearch: boolean;
  /**
   * How much a match in this attribute counts in search, 1 (least) to 10 (Magento's `search_weight`),
   * when the back end sends it (stock Magento REST does not; a custom module may); else null.
   */
  searchWeight: number | null;
  /** Order among the filters (Magento's `position`). */
  position: number;
  /** The options of a select or multiselect attribute, in Magento's order (no empty option). */
  options: { id: string; label: string }[];
}

export interface Catalogue {
  /** When the catalogue was read from Magento (ISO 8601). */
  readAt: string;
  /** Home & Garden and Professional trees. */
  audiences: Record<Audience, CategoryNode>;
  /** Enabled products, sorted by sku; those with visibility 1 have no page of their own. */
  products: Product[];
  /** The product attributes with a label, by code order. */
  attributes: CatalogueAttribute[];
  /**
   * The merchandiser's order of each category (Magento's category-product positions), by category id:
   * skus of the products assigned to it, first position first.
   */
  positions: Record<string, string[]>;
}
