/**
 * Writes a generated catalogue (with the demo sales and the Trade group's prices), the demo admin, a demo
 * customer with a few past orders, the demo trade customer with two, the demo discount codes and the demo
 * reviews into an empty database, in one transaction, and records the seed so a
 * restart keeps the data instead of seeding again.
 */
import type { SQLInputValue } from 'node:sqlite';
import { hashPassword } from '../crypto.ts';
import type { CarriersConfig } from '../checkout/carrier-config.ts';
import { countRow, magentoDate, type Database } from '../db.ts';
import { storeToday } from '../store-view.ts';
import { insertRows, withoutIndexes, withRollbackJournal } from './bulk.ts';
import { seedInvoices } from './invoices.ts';
import { writeDemoOrders } from './orders.ts';
import { catalogueProducts, writeDemoReviews } from './reviews.ts';
import { ensureDemoPickupLocations } from './pickup-locations.ts';
import { ensureDemoSalesRules } from './sales-rules.ts';
import { writeDemoSpecialPrices } from './special-prices.ts';
import {
  DEMO_TRADE_CUSTOMER,
  markDemoTradeWritten,
  writeTradeCustomer,
  writeTradeOrders,
  writeTradePrices,
  type PricedProduct,
} from './trade.ts';
import type { SeedCatalogue } from './types.ts';

export const DEMO_CUSTOMER = {
  email: 'shopper@example.com',
  password: 'Shopper123!',
  firstname: 'Alex',
  lastname: 'Morgan',
} as const;

export const isSeeded = (db: Database): boolean => db.meta('seeded_at') !== undefined;

function writeCategories(db: Database, catalogue: SeedCatalogue, now: string): void {
  const levels = new Map<number, { level: number; path: string }>();
  for (const category of catalogue.categories) {
    const parent = levels.get(category.parentId);
    const level = parent ? parent.level + 1 : 0;
    const path = parent ? `${parent.path}/${category.id}` : String(category.id);
    levels.set(category.id, { level, path });
    db.run(
      `INSERT INTO categories (id, parent_id, name, url_key, is_active, position, level, path, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      category.id,
      category.parentId,
      category.name,
      category.urlKey,
      // Root Catalog has no is_active value in Magento's install data (CONTRACT.md §5.1).
      category.id === 1 ? null : category.isActive ? 1 : 0,
      category.position,
      level,
      path,
      now,
      now,
    );
  }
}

/** Attribute ids are the attributes' places in the list from 1 (what `attributeIdOf` relies on). */
function writeAttributes(db: Database, catalogue: SeedCatalogue): void {
  for (const [index, attribute] of catalogue.attributes.entries()) {
    const attributeId = db.run(
      `INSERT INTO attributes (attribute_id, code, label, frontend_input, backend_type, is_user_defined, is_required,
         position, is_filterable, is_filterable_in_search, used_for_sort_by, is_comparable, is_searchable)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      index + 1,
      attribute.code,
      attribute.label,
      attribute.frontendInput,
      attribute.backendType,
      attribute.isUserDefined ? 1 : 0,
      ['name', 'sku', 'price'].includes(attribute.code) ? 1 : 0,
      attribute.position,
      attribute.isFilterable,
      attribute.isFilterableInSearch ? 1 : 0,
      attribute.usedForSortBy ? 1 : 0,
      attribute.isComparable ? 1 : 0,
      attribute.isSearchable ? 1 : 0,
    ).lastInsertRowid;
    attribute.options.forEach((option, index) => {
      db.run(
        'INSERT INTO attribute_options (option_id, attribute_id, label, sort_order) VALUES (?, ?, ?, ?)',
        option.id,
        attributeId,
        option.label,
        index + 1,
      );
    });
  }
}

const PRODUCT_COLUMNS = [
  'id',
  'sku',
  'name',
  'price',
  'status',
  'visibility',
  'type_id',
  'weight',
  'qty',
  'is_in_stock',
  'attributes',
  'media',
  'links',
  'created_at',
  'updated_at',
] as const;

/** The products' rows in catalogue order, ids from `first`, media entries numbered from 1 across them all. */
function* productRows(catalogue: SeedCatalogue, first: number): Generator<SQLInputValue[]> {
  let mediaId = 1;
  for (const [index, product] of catalogue.products.entries()) {
    const media = product.images.map((image) => ({
      id: mediaId++,
      media_type: 'image',
      label: image.label,
      position: image.position,
      disabled: false,
      types: image.types,
      file: image.file,
    }));
    const links = product.links.map((link) => ({
      sku: product.sku,
      link_type: link.linkType,
      linked_product_sku: link.linkedSku,
      linked_product_type: 'simple',
      position: link.position,
    }));
    yield [
      first + index,
      product.sku,
      product.name,
      product.price,
      product.status,
      product.visibility,
      product.typeId ?? 'simple',
      // A configurable has no weight of its own (Magento leaves it out): its children have one.
      product.typeId === 'configurable' ? null : product.weight,
      product.qty,
      product.isInStock ? 1 : 0,
      JSON.stringify({ tax_class_id: '2', ...product.customAttributes }),
      JSON.stringify(media),
      JSON.stringify(links),
      product.createdAt,
      product.updatedAt,
    ];
  }
}

function* categoryRows(catalogue: SeedCatalogue, first: number): Generator<SQLInputValue[]> {
  for (const [index, product] of catalogue.products.entries())
    for (const categoryId of product.categoryIds)
      yield [categoryId, first + index, product.categoryPositions[categoryId] ?? 0];
}

/** The products the Trade group's prices may be for (`writeTradePrices`), as the database holds them. */
const pricedProducts = (catalogue: SeedCatalogue, ids: ReadonlyMap<string, number>): PricedProduct[] =>
  catalogue.products.flatMap((product) => {
    const id = ids.get(product.sku);
    return id === undefined ? [] : [{ id, sku: product.sku, price: product.price }];
  });

/**
 * The products and their places in categories, written in batches, their indexes made after them; returns
 * their ids by sku. Each product gets the id SQLite would have given it inserted alone (the next after the
 * table's highest), so the ids are known without reading them back.
 */
function writeProducts(db: Database, catalogue: SeedCatalogue): Map<string, number> {
  const first = (db.get(countRow, 'SELECT COALESCE(MAX(id), 0) AS n FROM products')?.n ?? 0) + 1;
  withoutIndexes(db, ['products', 'category_products'], () => {
    insertRows(db, 'products', PRODUCT_COLUMNS, productRows(catalogue, first));
    // After every product, in the same order as one product's places after another's: the same rowids.
    insertRows(
      db,
      'category_products',
      ['category_id', 'product_id', 'position'],
      categoryRows(catalogue, first),
    );
  });
  return new Map(catalogue.products.map((product, index) => [product.sku, first + index]));
}

/** The configurables' options (one per attribute, every child's value in option order), links and tiers. */
function writeConfigurables(db: Database, catalogue: SeedCatalogue, ids: Map<string, number>): void {
  const idOf = (sku: string): number => {
    const id = ids.get(sku);
    if (id === undefined) throw new Error(`no product ${sku}`);
    return id;
  };
  const bySku = new Map(catalogue.products.map((p) => [p.sku, p]));
  for (const configurable of catalogue.configurables) {
    const parentId = idOf(configurable.parentSku);
    configurable.attributeCodes.forEach((code, position) => {
      const index = catalogue.attributes.findIndex((a) => a.code === code);
      const attribute = catalogue.attributes[index];
      if (!attribute) throw new Error(`no attribute ${code}`);
      const used = new Set(configurable.childSkus.map((sku) => bySku.get(sku)?.customAttributes[code]));
      const values = attribute.options.filter((o) => used.has(String(o.id))).map((o) => o.id);
      db.run(
        `INSERT INTO configurable_options (product_id, attribute_id, label, position, is_use_default, value_indexes)
         VALUES (?, ?, ?, ?, 0, ?)`,
        parentId,
        index + 1,
        attribute.label,
        position,
        JSON.stringify(values),
      );
    });
    for (const sku of configurable.childSkus) {
      db.run('INSERT INTO configurable_links (parent_id, child_id) VALUES (?, ?)', parentId, idOf(sku));
    }
  }
  for (const tier of catalogue.tierPrices) {
    db.run(
      'INSERT INTO tier_prices (product_id, customer_group_id, qty, value, website_id) VALUES (?, ?, ?, ?, 0)',
      idOf(tier.sku),
      tier.customerGroupId,
      tier.qty,
      tier.value,
    );
  }
}

/** The demo admin, and the demo customer with a default address; returns the customer's id. */
function writePeople(
  db: Database,
  admin: { username: string },
  hashes: { admin: string; customer: string },
  now: string,
): number {
  db.run('INSERT INTO admins (username, password_hash) VALUES (?, ?)', admin.username, hashes.admin);
  const customerId = db.run(
    `INSERT INTO customers (email, firstname, lastname, password_hash, is_subscribed, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, ?, ?)`,
    DEMO_CUSTOMER.email,
    DEMO_CUSTOMER.firstname,
    DEMO_CUSTOMER.lastname,
    hashes.customer,
    now,
    now,
  ).lastInsertRowid;
  const address = JSON.stringify({
    region: { region_code: null, region: 'Greater London', region_id: 0 },
    country_id: 'GB',
    street: ['221 Station Road'],
    telephone: '020 7946 0958',
    postcode: 'N1 9GU',
    city: 'London',
    firstname: DEMO_CUSTOMER.firstname,
    lastname: DEMO_CUSTOMER.lastname,
  });
  const addressId = db.run(
    'INSERT INTO customer_addresses (customer_id, data) VALUES (?, ?)',
    customerId,
    address,
  ).lastInsertRowid;
  db.run(
    'UPDATE customers SET default_billing = ?, default_shipping = ? WHERE id = ?',
    addressId,
    addressId,
    customerId,
  );
  return customerId;
}

/** When the database is seeded, and where: the demo data's dates (orders, sales) are relative to it. */
export interface SeedTime {
  readonly now: Date;
  /** The store's time zone, whose day the demo sales start from. */
  readonly timezone: string;
}

/** `carriers`: the delivery checkout offers, by which the demo customer's past orders came too. */
export async function seedDatabase(
  db: Database,
  catalogue: SeedCatalogue,
  admin: { username: string; password: string },
  carriers: CarriersConfig,
  time: SeedTime = { now: new Date(), timezone: 'Europe/London' },
): Promise<void> {
  // scrypt runs on libuv's pool: the three side by side.
  const [adminHash, customerHash, tradeHash] = await Promise.all([
    hashPassword(admin.password),
    hashPassword(DEMO_CUSTOMER.password),
    hashPassword(DEMO_TRADE_CUSTOMER.password),
  ]);
  const hashes = { admin: adminHash, customer: customerHash, trade: tradeHash };
  const seededAt = time.now;
  const now = magentoDate(seededAt);
  withRollbackJournal(db, () =>
    db.transaction(() => {
      writeCategories(db, catalogue, now);
      writeAttributes(db, catalogue);
      const ids = writeProducts(db, catalogue);
      writeConfigurables(db, catalogue, ids);
      ensureDemoPickupLocations(db);
      writeTradePrices(db, pricedProducts(catalogue, ids));
      writeDemoSpecialPrices(db, storeToday(time.timezone, seededAt));
      const customerId = writePeople(db, admin, hashes, now);
      writeDemoOrders(db, customerId, carriers, seededAt);
      writeTradeOrders(db, writeTradeCustomer(db, hashes.trade, now), carriers, seededAt);
      markDemoTradeWritten(db);
      ensureDemoSalesRules(db, now);
      writeDemoReviews(db, catalogueProducts(catalogue, ids), seededAt);
      // After every order is written: their invoices (seed/invoices.ts).
      seedInvoices(db);
      db.setMeta('seeded_at', now);
      db.setMeta('product_count', String(catalogue.products.length));
    }),
  );
}
