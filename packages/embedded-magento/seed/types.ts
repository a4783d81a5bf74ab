/**
 * The demo catalogue as plain data, before it is written to the embedded back end's database.
 * Generated deterministically by `generateCatalogue` (catalogue.ts) and inserted by `seedDatabase`.
 */

export interface SeedCategory {
  id: number;
  /** 0 for the root catalog (id 1). */
  parentId: number;
  name: string;
  /** The storefront's category code, e.g. `pressure-washer`. Empty for the two roots. */
  urlKey: string;
  isActive: boolean;
  /** Position among its siblings, from 1. */
  position: number;
}

export interface SeedAttribute {
  /** Magento attribute code, e.g. `weight_kg`. */
  code: string;
  /** Frontend label shown on the product page, e.g. `Weight (kg)`. */
  label: string;
  /** Magento frontend input: text, textarea, price, select, multiselect, boolean, date, weight, media_image. */
  frontendInput: string;
  /** Magento backend type: varchar, text, decimal, int, static, datetime. */
  backendType: string;
  isUserDefined: boolean;
  /** true for the technical-data attributes rendered in the Specifications table. */
  isTechnical: boolean;
  /** Layered navigation: 0 no, 1 filterable (only options with results), 2 filterable (every option). */
  isFilterable: 0 | 1 | 2;
  /** In the layered navigation of search results too. */
  isFilterableInSearch: boolean;
  /** Quick search looks in its values (`is_searchable`). */
  isSearchable: boolean;
  /** Offered as a sort order of product listings. */
  usedForSortBy: boolean;
  /** Shown on the product comparison page. */
  isComparable: boolean;
  /** Order of the filter in the layered navigation; 0 for attributes that are not filters. */
  position: number;
  /**
   * A select's or multiselect's options in sort order; [] for other inputs. Products hold the option id as
   * a string, a multiselect the ids joined by commas (`"12,14,15"`), as Magento returns them.
   */
  options: SeedOption[];
}

/** One choice of a select or multiselect: Magento's option id (unique across attributes) and its label. */
export interface SeedOption {
  id: number;
  label: string;
}

export interface SeedImage {
  /** Path relative to catalog/product, with dispersion folders: `/p/w/pw-2000-1.jpg`. */
  file: string;
  position: number;
  /** Role names: image, small_image, thumbnail, swatch_image; [] for none. */
  types: string[];
  label: string;
  /** What to draw on the generated picture. */
  caption: string;
  /** Hex colour for the generated picture's background, e.g. `#ffd400`. */
  colour: string;
}

export interface SeedProductLink {
  linkType: 'related' | 'upsell' | 'crosssell';
  linkedSku: string;
  position: number;
}

export interface SeedProduct {
  sku: string;
  name: string;
  /** Magento's `type_id`; left out for a simple product. */
  typeId?: 'configurable';
  /** Base price incl VAT in GBP, with pence (two decimals). */
  price: number;
  /** 1 enabled, 2 disabled. */
  status: 1 | 2;
  /** 1 not visible individually, 2 catalog, 3 search, 4 catalog and search. */
  visibility: 1 | 2 | 3 | 4;
  weight: number;
  qty: number;
  isInStock: boolean;
  categoryIds: number[];
  /** The product's place in each of its categories (merchandising order, 1 = first), by category id. */
  categoryPositions: Record<number, number>;
  /** Magento's `YYYY-MM-DD HH:MM:SS` (UTC): when the product was created, and last saved (not earlier). */
  createdAt: string;
  updatedAt: string;
  /**
   * Raw EAV values keyed by attribute code: url_key, short_description, description (HTML),
   * supplier_code, list_price, sales_price, equipmentAttr, applications_attrib,
   * documentationAttr1..n, technical-data codes (a select's value is its option id), image/small_image/
   * thumbnail, machine_model / fits_models / accessory_type (seed/fits.ts), …
   */
  customAttributes: Record<string, string>;
  images: SeedImage[];
  links: SeedProductLink[];
}

/** A configurable's options (attribute codes) and its children, by sku. */
export interface SeedConfigurable {
  parentSku: string;
  attributeCodes: string[];
  childSkus: string[];
}

/** One fixed tier price (`catalog_product_entity_tier_price`); customer group 32000 is ALL GROUPS. */
export interface SeedTierPrice {
  sku: string;
  customerGroupId: number;
  qty: number;
  value: number;
}

export interface SeedCatalogue {
  categories: SeedCategory[];
  attributes: SeedAttribute[];
  products: SeedProduct[];
  configurables: SeedConfigurable[];
  tierPrices: SeedTierPrice[];
}

export interface CatalogueOptions {
  /** Same seed, same catalogue. */
  seed: number;
  productCount: number;
  /** Neutral brand name used in product names, e.g. `Clearwater`. */
  brand: string;
}
