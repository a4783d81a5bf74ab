/**
 * The catalogue snapshot: what the last sync read from Magento, as rows of one SQLite file (rows.ts) the
 * build reads (never `import`ed: DESIGN.md §4). Each write is one transaction, so a failed sync leaves the
 * previous one intact, and writes only the products it changed.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { catalogueHash } from './catalogue-hash.ts';
import { readRows, writeRows, type RowChange } from './rows.ts';
import { pricedAt } from './special-prices.ts';
import type {
  Audience,
  Catalogue,
  CatalogueAttribute,
  CategoryNode,
  Product,
  ProductSummary,
} from './types.ts';

/** Where `npm run sync` writes and the build reads; CATALOGUE_SNAPSHOT overrides it. */
export const snapshotPath = (override?: string): string => resolve(override ?? 'var/catalogue/catalogue.db');

/**
 * Writes the snapshot: the products of `change` (what a sync read anew and dropped) with everything but
 * the products; every product without it. `hash` is its `catalogueHash`, when the caller has it.
 */
export function writeSnapshot(file: string, catalogue: Catalogue, change?: RowChange, hash?: string): void {
  writeRows(file, { ...catalogue }, change, hash);
}

type SearchMetadata = 'searchable' | 'filterableInSearch' | 'searchWeight';

/** An attribute as older snapshots hold it: from before the search metadata was read. */
type StoredAttribute = Omit<CatalogueAttribute, SearchMetadata> &
  Partial<Pick<CatalogueAttribute, SearchMetadata>>;

/** What older snapshots lack of a product: read since (weight, options' ids) or priced at build time since. */
type Added =
  | 'weight'
  | 'optionValues'
  | 'regularPriceInclVat'
  | 'regularPriceExclVat'
  | 'specialPrice'
  | 'rating'
  | 'reviews'
  | 'fit';

/** A product as any release stored it. */
type StoredProduct = Omit<Product, Added | 'wasInclVat' | 'wasExclVat'> & Partial<Pick<Product, Added>>;

/** The snapshot as any release wrote it: older ones lack the parts read since. */
type StoredCatalogue = Omit<Catalogue, 'attributes' | 'positions' | 'products'> & {
  attributes?: StoredAttribute[];
  positions?: Catalogue['positions'];
  products: StoredProduct[];
};

/** Missing search metadata reads as Magento's defaults: not searchable, not a search filter, no weight. */
const withSearchMetadata = (attribute: StoredAttribute): CatalogueAttribute => ({
  ...attribute,
  searchable: attribute.searchable ?? false,
  filterableInSearch: attribute.filterableInSearch ?? false,
  searchWeight: attribute.searchWeight ?? null,
});

/** A product from before fits were read: the next full sync reads them. */
const NO_FIT: Product['fit'] = { model: null, fits: [], type: null };

const fromStoredProducts = new WeakMap<StoredProduct, Product>();

/**
 * A product as the pages read it, from any release's stored shape; the same object for as long as the
 * stored one is (the warm renderer keeps the catalogue between runs, and memoises by product).
 */
function fromStoredProduct(product: StoredProduct): Product {
  let read = fromStoredProducts.get(product);
  if (!read) {
    read = {
      ...product,
      weight: product.weight ?? null,
      optionValues: product.optionValues ?? {},
      regularPriceInclVat: product.regularPriceInclVat ?? product.priceInclVat,
      regularPriceExclVat: product.regularPriceExclVat ?? product.priceExclVat,
      specialPrice: product.specialPrice ?? null,
      rating: product.rating ?? null,
      reviews: product.reviews ?? [],
      fit: product.fit ?? NO_FIT,
      wasInclVat: null,
      wasExclVat: null,
    };
    fromStoredProducts.set(product, read);
  }
  return read;
}

/**
 * The catalogue as the pages read it from a snapshot as stored. A snapshot from before attributes, their
 * search metadata, positions and weights were read gets the defaults (the next sync reads them).
 */
export function fromStored(stored: StoredCatalogue | Catalogue): Catalogue {
  return {
    ...stored,
    products: stored.products.map(fromStoredProduct),
    attributes: (stored.attributes ?? []).map(withSearchMetadata),
    positions: stored.positions ?? {},
  };
}

/**
 * What every reader relies on in a snapshot file (this code's own output): checked, but kept exactly as
 * read. zod's output would put the checked keys first, and an incremental sync's carried-over products must
 * serialise as they were, or an unchanged catalogue would look changed.
 */
const snapshotShape = z
  .object({
    audiences: z.object({}).loose(),
    products: z.array(z.object({ sku: z.string(), updatedAt: z.string(), visibility: z.number() }).loose()),
  })
  .loose();

const snapshotProblem = (value: unknown): string | undefined => {
  const parsed = snapshotShape.safeParse(value);
  return parsed.success ? undefined : z.prettifyError(parsed.error).split('\n').slice(0, 4).join(' ');
};

/** A snapshot as any release wrote it (`fromStored` reads it as the pages do). */
const storedSnapshotSchema = z.custom<StoredCatalogue>((value) => snapshotProblem(value) === undefined, {
  error: (issue) => `Not a catalogue snapshot: ${snapshotProblem(issue.input) ?? 'its shape'}`,
});

/**
 * A snapshot as this release's sync writes it, for the sync that carries it over (and its owner): an older
 * one is read afresh in full (the sync state's version), so the parts it lacks are never relied on.
 */
const writtenSnapshotSchema = z.custom<Catalogue>((value) => snapshotProblem(value) === undefined, {
  error: (issue) => `Not a catalogue snapshot: ${snapshotProblem(issue.input) ?? 'its shape'}`,
});

/** The rows in `file`, or why there are none. */
function rowsIn(file: string): { catalogue: unknown; hash: string } {
  let rows: ReturnType<typeof readRows>;
  try {
    rows = readRows(file);
  } catch (error) {
    throw new Error(
      `${file}: Not a catalogue snapshot (${String(error)}). Run \`npm run sync\` (or \`npm start\`) to write it again.`,
      {
        cause: error,
      },
    );
  }
  if (!rows)
    throw new Error(`No catalogue snapshot at ${file}: run \`npm run sync\` (or \`npm start\`) first.`);
  return rows;
}

/** The snapshot in `file` as the pages read it: every reader of the file for a build comes here. */
export function readSnapshot(file: string): Catalogue {
  const parsed = storedSnapshotSchema.safeParse(rowsIn(file).catalogue);
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'Not a catalogue snapshot';
    throw new Error(`${file}: ${problem}. Run \`npm run sync\` (or \`npm start\`) to write it again.`);
  }
  return fromStored(parsed.data);
}

/**
 * A snapshot's text as JSON (the catalogue's structure handed to another process), with its
 * `catalogueHash`: `catalogue` is undefined when the text is JSON but not a snapshot. Throws when it is not
 * JSON.
 */
export function parseWrittenSnapshot(text: string): { catalogue: Catalogue | undefined; hash: string } {
  const raw: unknown = JSON.parse(text);
  const parsed = writtenSnapshotSchema.safeParse(raw);
  return { catalogue: parsed.success ? parsed.data : undefined, hash: catalogueHash(raw) };
}

/**
 * The snapshot in `file` as the sync left it, with its hash: `catalogue` is undefined when the rows are
 * not a snapshot this release wrote. Undefined when there are none.
 */
export function readStoredSnapshot(
  file: string,
): { catalogue: Catalogue | undefined; hash: string } | undefined {
  const rows = readRows(file);
  if (!rows) return undefined;
  const parsed = writtenSnapshotSchema.safeParse(rows.catalogue);
  return { catalogue: parsed.success ? parsed.data : undefined, hash: rows.hash };
}

/** The snapshot in `file` as the sync left it, with its hash; throws when there is none or it is not one. */
export function readWrittenSnapshot(file: string): { catalogue: Catalogue; hash: string } {
  const { catalogue, hash } = rowsIn(file);
  return { catalogue: writtenSnapshotSchema.parse(catalogue), hash };
}

export interface CatalogueIndex {
  catalogue: Catalogue;
  /** The instant (epoch ms) its products are priced at: the sale and rule prices that apply then. */
  pricedAt: number;
  /** Products with a page (visibility 2, 3 or 4). */
  pages: Product[];
  bySku: ReadonlyMap<string, Product>;
  byUrlKey: ReadonlyMap<string, Product>;
  /**
   * Products shown in a category listing (visibility 2 or 4), by directly assigned category id, in the
   * merchandiser's order (Magento's category-product positions).
   */
  byCategory: ReadonlyMap<number, Product[]>;
  /** Every category of both audiences, with its audience root, by path (`/home-garden/pressure-washer`). */
  categoriesByPath: ReadonlyMap<string, CategoryNode>;
  categoryOf(audience: Audience, code: string): CategoryNode | undefined;
  /** The audience a product belongs to: the one all its categories share, else undefined. */
  audienceOf(product: Pick<Product, 'categoryIds'>): Audience | undefined;
  /**
   * What kind of product it is: the first listing category it is assigned to (an audience root says
   * nothing of that), else undefined.
   */
  kindOf(product: Pick<Product, 'categoryIds'>): CategoryNode | undefined;
}

/**
 * The catalogue's indexes, its products priced at `at` (epoch ms, default now): the sale and rule prices
 * that apply then (special-prices.ts), which every page, card, filter index and search file shows.
 */
export function indexCatalogue(stored: Catalogue, options: { at?: number } = {}): CatalogueIndex {
  const at = options.at ?? Date.now();
  const catalogue = { ...stored, products: pricedAt(stored.products, at, stored.rulePrices) };
  const pages = catalogue.products.filter((product) => product.visibility !== 1 && product.urlKey !== '');
  const byCategory = new Map<number, Product[]>();
  for (const product of catalogue.products) {
    if (product.visibility !== 2 && product.visibility !== 4) continue;
    for (const id of product.categoryIds) {
      const listed = byCategory.get(id);
      if (listed) listed.push(product);
      else byCategory.set(id, [product]);
    }
  }
  // The merchandiser's order; products Magento gave no position (none in a consistent read) after, by name.
  for (const [id, list] of byCategory) {
    const rank = new Map((catalogue.positions[String(id)] ?? []).map((sku, at) => [sku, at]));
    const unranked = rank.size;
    list.sort(
      (a, b) =>
        (rank.get(a.sku) ?? unranked) - (rank.get(b.sku) ?? unranked) ||
        a.name.localeCompare(b.name, 'en-GB'),
    );
  }
  const categoriesByPath = new Map<string, CategoryNode>();
  const audienceById = new Map<number, Audience>();
  const listingById = new Map<number, CategoryNode>();
  const walk = (node: CategoryNode) => {
    categoriesByPath.set(node.path, node);
    audienceById.set(node.id, node.audience);
    if (node.path.split('/').length > 2) listingById.set(node.id, node);
    node.children.forEach(walk);
  };
  Object.values(catalogue.audiences).forEach(walk);
  return {
    catalogue,
    pricedAt: at,
    pages,
    bySku: new Map(catalogue.products.map((product) => [product.sku, product])),
    byUrlKey: new Map(pages.map((product) => [product.urlKey, product])),
    byCategory,
    categoriesByPath,
    categoryOf: (audience, code) =>
      catalogue.audiences[audience].children.find((child) => child.code === code),
    audienceOf: (product) => {
      const found = new Set(product.categoryIds.map((id) => audienceById.get(id)));
      found.delete(undefined);
      return found.size === 1 ? [...found][0] : undefined;
    },
    kindOf: (product) => {
      for (const id of product.categoryIds) {
        const node = listingById.get(id);
        if (node) return node;
      }
      return undefined;
    },
  };
}

/** The card fields of a product: what listings, search and connected sections need. */
export const toSummary = (product: Product): ProductSummary => ({
  sku: product.sku,
  name: product.name,
  urlKey: product.urlKey,
  priceInclVat: product.priceInclVat,
  priceExclVat: product.priceExclVat,
  thumbnail: product.thumbnail,
  shortDescription: product.shortDescription,
  inStock: product.inStock,
  priceFrom: product.priceFrom,
  wasInclVat: product.wasInclVat,
  wasExclVat: product.wasExclVat,
  rating: product.rating,
});
