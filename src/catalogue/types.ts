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
  /** For a configurable product: whether any of its children is in stock. */
  inStock: boolean;
  /**
   * The price is the cheapest of a configurable product's children and they differ ("from £X"); false for a
   * simple product or when every child costs the same.
   */
  priceFrom: boolean;
  /**
   * The regular price, struck through as "Was £X", while a lower sale price applies (Magento's special price
   * within its dates, COMMERCE-BASICS §5.2); null otherwise. `priceInclVat`/`priceExclVat` are then the sale
   * price. Worked out for the instant the build prices at (`special-prices.ts`), not stored in the snapshot.
   */
  wasInclVat: number | null;
  wasExclVat: number | null;
  /** What shoppers rated it, from Magento's approved reviews; null when it has none (or reviews are off). */
  rating: Rating | null;
}

/**
 * A product's rating as Magento's GraphQL gives it (ReviewGraphQl, COMMERCE-BASICS §7.1): `rating_summary`,
 * the average of its approved reviews' ratings as a percentage, and `review_count`, how many there are.
 */
export interface Rating {
  /** 0–100: 100 is five stars. */
  percent: number;
  count: number;
}

/** One approved review, as Magento's `ProductReview` gives it. */
export interface Review {
  nickname: string;
  summary: string;
  text: string;
  /** `YYYY-MM-DD HH:MM:SS`, UTC, as Magento gives `created_at`. */
  createdAt: string;
  /** The average of the review's ratings as a percentage, 0–100 (Magento's `average_rating`). */
  percent: number;
  /** Each rating the reviewer gave, by the rating's name (`ratings_breakdown`), e.g. Quality: 4 (of 5). */
  ratings: { name: string; value: number }[];
}

/**
 * What the store's reviews allow (Magento's `storeConfig` and `productReviewRatingsMetadata`): whether reviews
 * are on, whether guests may write one, and the ratings a review form asks for, ids as Magento gives them
 * (base64), values in their order (1 to 5 stars).
 */
export interface ReviewSettings {
  enabled: boolean;
  guestsMayWrite: boolean;
  ratings: { id: string; name: string; values: { id: string; value: string }[] }[];
}

/**
 * Magento's `special_price` with `special_from_date` / `special_to_date`, as the product stores them: the
 * dates are wall-clock times in the store's time zone (`YYYY-MM-DD HH:MM:SS`), the to-date counting through
 * the end of its day (`Timezone::isScopeDateInInterval`).
 */
export interface SpecialPrice {
  priceInclVat: number;
  from: string | null;
  to: string | null;
}

/**
 * One of Magento's `tier_prices`: `qty` or more at `priceInclVat` each, for one customer group (0 NOT LOGGED IN,
 * 1 General, …; 32000 is ALL GROUPS, `ALL_GROUPS`). Magento's value is incl VAT, as `price` is.
 */
export interface TierPrice {
  customerGroupId: number;
  qty: number;
  priceInclVat: number;
  priceExclVat: number;
}

/** Magento's customer group id for "ALL GROUPS" (`GroupManagementInterface::CUST_GROUP_ALL`). */
export const ALL_GROUPS = 32000;

/**
 * One attribute a configurable product varies by (Magento's `configurable_product_options`), e.g. Volume:
 * the values its children have, in the attribute's option order.
 */
export interface VariantAttribute {
  /** The EAV attribute id, a string on the wire: the cart's `option_id`. */
  attributeId: string;
  code: string;
  /** The option's label on the product (Magento's `label`), else the attribute's. */
  label: string;
  position: number;
  values: VariantValue[];
}

export interface VariantValue {
  /** Magento's option id (`value_index`): the cart's `option_value`. */
  id: number;
  label: string;
  /** The label in URLs, e.g. `5-l` for "5 l" (`?volume=5-l`). */
  slug: string;
}

/** One child of a configurable product: its sku and the option id it has for each attribute, by code. */
export interface Variant {
  sku: string;
  values: Record<string, number>;
}

/**
 * A configurable product's options and children. The children are products of their own in the catalogue
 * (usually visibility 1, no page): price, stock, model number, pictures and specifications are theirs.
 */
export interface Configurable {
  attributes: VariantAttribute[];
  /** Magento's `configurable_product_links`: the children's entity ids, as they come. */
  childIds: number[];
  /** The children found in the catalogue (enabled, with every attribute's value), in sku order. */
  variants: Variant[];
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
  /**
   * The product's regular price as Magento stores it (`price`, or list_price), before any sale; the
   * summary's `priceInclVat` is the price that applies at the build's instant.
   */
  regularPriceInclVat: number | null;
  /** The regular price excl VAT (Magento's sales_price when set, else worked out from the incl VAT one). */
  regularPriceExclVat: number | null;
  /** Magento's special price and its dates, when it has one (on a configurable, they live on the children). */
  specialPrice: SpecialPrice | null;
  /** Magento's `tier_prices` (on a configurable, they live on the children). */
  tierPrices: TierPrice[];
  /** Magento's `type_id`: `simple`, `configurable`, `virtual`, … */
  typeId: string;
  /** A configurable product's options and children; null for any other type. */
  configurable: Configurable | null;
  /** The sku of the configurable product this one is a child of, if any (the first, by sku). */
  parentSku: string | null;
  /**
   * The option id of each select attribute the product has a value for, by code (`{ volume: "212" }`): what
   * makes a child one variant of its parent (`variants.ts`) and what a listing filters a parent by.
   */
  optionValues: Record<string, string>;
  updatedAt: string;
  /** When the product was created in Magento (`YYYY-MM-DD HH:MM:SS`, UTC): "newest first". */
  createdAt: string;
  /** Its approved reviews, newest first (Magento's order); empty when it has none or reviews are off. */
  reviews: Review[];
  /** Which machine model it is, or which models it fits (src/catalogue/fits.ts). */
  fit: ProductFit;
}

/**
 * What a product is in "fits my machine", from the attributes the merchant keeps in Magento (DESIGN.md §3): a
 * machine's model (`machine_model`, e.g. "K 5"), or the models an accessory, detergent or part fits
 * (`fits_models`) and what kind of part it is (`accessory_type`), as their options' labels.
 */
export interface ProductFit {
  /** The machine model this product is, e.g. "K 5"; null for anything but a machine. */
  model: string | null;
  /** The machine models it fits, e.g. ["K 2", "K 3"]; empty when it fits none (or is a machine). */
  fits: string[];
  /** The kind of part it is, e.g. "Hoses"; null when Magento has none. */
  type: string | null;
}

/**
 * A product attribute as Magento's metadata describes it: its label, how it is entered, and the flags a
 * merchandiser sets in Magento's admin that decide where the storefront uses it (DESIGN.md §4).
 */
export interface CatalogueAttribute {
  /** Magento's attribute_id (a configurable option names its attribute by it). */
  id: string;
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
  /**
   * Magento's final price of the products it sells for less than their own prices explain (a catalogue price
   * rule, which no REST call shows), by sku, as the last price reconciliation read them
   * (src/publish/rebuild/reconcile.ts); applied as Magento applies a rule price, as the lowest of the candidates.
   */
  rulePrices?: Record<string, number>;
  /**
   * The active Magento CMS blocks the home page and landings are made of, by identifier, as Magento holds
   * them (src/catalogue/content-blocks.ts); absent in a snapshot from before they were read.
   */
  blocks?: Record<string, ContentBlock>;
  /**
   * What the store's reviews allow, as the sync last read it (src/catalogue/reviews.ts); absent in a snapshot
   * from before reviews were read, which shows none.
   */
  reviewSettings?: ReviewSettings;
}

/** One CMS block as Magento holds it. */
export interface ContentBlock {
  readonly title: string;
  /** Raw HTML with Magento's `{{media url=…}}` and `{{store url=…}}` directives. */
  readonly content: string;
}
