/**
 * The demo's trade account: a Trade customer (group 5) of a facilities company, with its VAT number on the
 * account (`taxvat`) and on its company address (`vat_id`); the Trade group's prices on every
 * Professional product (Magento's group price: a tier at quantity 1 for group 5) and, on some, a trade
 * tier at quantity 5; and the customer's two past orders, priced as Magento priced them for the group, one
 * paid on account with a purchase-order number. The tests, the README and the storefront's own demo read
 * the account's facts from here ({@link DEMO_TRADE_CUSTOMER}).
 */
import { z } from 'zod';
import type { CarriersConfig } from '../checkout/carrier-config.ts';
import { finalPrice, priceFactsOf } from '../carts/pricing.ts';
import { hashPassword } from '../crypto.ts';
import { groupExists, TRADE_GROUP } from '../customers/groups.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { roundMoney } from '../money.ts';
import { insertRows } from './bulk.ts';
import { customerToShip, sellableProduct, writePastOrder, type Product } from './orders.ts';
import { PROFESSIONAL_CATEGORY_ID, SUB_CATEGORIES } from './data/categories.ts';

/** The demo trade buyer: what signs in, what the account and its company address hold. */
export const DEMO_TRADE_CUSTOMER = {
  email: 'trade@example.com',
  password: 'Trade123!',
  firstname: 'Priya',
  lastname: 'Shah',
  company: 'Brightwater Facilities Ltd',
  /** The customer's `taxvat` and the company address's `vat_id`: passes HMRC's "9755" check. */
  vatNumber: 'GB246813593',
  groupId: TRADE_GROUP,
  address: {
    street: ['Unit 4, Riverside Business Park', 'Wharf Road'],
    city: 'Leeds',
    region: 'West Yorkshire',
    postcode: 'LS10 1AB',
    telephone: '0113 496 0321',
  },
} as const;

/** The purchase-order number of the demo trade customer's order paid on account. */
export const DEMO_TRADE_PO_NUMBER = 'BWF-PO-20417';

/** FNV-1a of the sku: the same product always gets the same trade discount, in any catalogue. */
function skuHash(sku: string): number {
  let hash = 0x811c9dc5;
  for (const char of sku) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash;
}

const pence = (value: number): number => Math.round(value * 100) / 100;

/** A Professional product: its sku says so (`PRO-…`); a configurable parent has no price of its own. */
export const isProfessional = (product: { sku: string; price: number }): boolean =>
  product.sku.startsWith('PRO-') && product.price > 0;

/** A tier price as the seed writes it for the Trade group. */
export interface TradeTier {
  readonly sku: string;
  readonly qty: number;
  readonly value: number;
}

/**
 * The Trade group's tiers of one Professional product: its group price at quantity 1, 10–15 % below its
 * price (the percentage from the sku), and for one product in three a trade tier at quantity 5, a further
 * 5 % off; rounded to pennies. None for any other product.
 */
export function tradeTiersOf(product: { sku: string; price: number }): TradeTier[] {
  if (!isProfessional(product)) return [];
  const hash = skuHash(product.sku);
  const percent = 10 + (hash % 6);
  const tiers = [{ sku: product.sku, qty: 1, value: pence((product.price * (100 - percent)) / 100) }];
  if (hash % 3 === 0)
    tiers.push({ sku: product.sku, qty: 5, value: pence((product.price * (95 - percent)) / 100) });
  return tiers;
}

const pricedRow = z.object({ id: sqlNumber, sku: z.string(), price: sqlNumber });
/** A product as the Trade group's prices need it. */
export type PricedProduct = z.output<typeof pricedRow>;

/** The database's products that may be Professional ones, in id order. */
const professionalCandidates = (db: Database): PricedProduct[] =>
  db.all(pricedRow, "SELECT id, sku, price FROM products WHERE sku LIKE 'PRO-%' AND price > 0 ORDER BY id");

/**
 * Every Professional product's Trade tiers (the ALL GROUPS tiers stay as they are), of `products` (the
 * seed's, just written) or of the database's. Part of the seed.
 */
export function writeTradePrices(
  db: Database,
  products: readonly PricedProduct[] = professionalCandidates(db),
): void {
  insertRows(
    db,
    'tier_prices',
    ['product_id', 'customer_group_id', 'qty', 'value', 'website_id'],
    products.flatMap((product) =>
      tradeTiersOf(product).map((tier) => [product.id, TRADE_GROUP, tier.qty, tier.value, 0]),
    ),
    'ON CONFLICT (product_id, customer_group_id, qty, website_id) DO NOTHING',
  );
}

/** The trade customer in the Trade group, with the company address as default; returns its id. */
export function writeTradeCustomer(db: Database, passwordHash: string, now: string): number {
  const buyer = DEMO_TRADE_CUSTOMER;
  const customerId = db.run(
    `INSERT INTO customers (email, group_id, firstname, lastname, password_hash, extra, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    buyer.email,
    buyer.groupId,
    buyer.firstname,
    buyer.lastname,
    passwordHash,
    JSON.stringify({ taxvat: buyer.vatNumber }),
    now,
    now,
  ).lastInsertRowid;
  const address = {
    region: { region_code: buyer.address.region, region: buyer.address.region, region_id: 0 },
    country_id: 'GB',
    street: buyer.address.street,
    company: buyer.company,
    telephone: buyer.address.telephone,
    postcode: buyer.address.postcode,
    city: buyer.address.city,
    firstname: buyer.firstname,
    lastname: buyer.lastname,
    vat_id: buyer.vatNumber,
  };
  const addressId = db.run(
    'INSERT INTO customer_addresses (customer_id, data) VALUES (?, ?)',
    customerId,
    JSON.stringify(address),
  ).lastInsertRowid;
  db.run(
    'UPDATE customers SET default_billing = ?, default_shipping = ? WHERE id = ?',
    addressId,
    addressId,
    customerId,
  );
  return customerId;
}

const DAY = 86_400_000;

/** The nth sellable Professional product of a sub-category (another Professional one if it has none). */
function professional(db: Database, code: string, nth: number, taken: Set<number>): Product | undefined {
  const category = SUB_CATEGORIES.find((c) => c.parentId === PROFESSIONAL_CATEGORY_ID && c.code === code);
  const own = category
    ? sellableProduct(db, { categoryId: category.id, priced: true, skip: nth })
    : undefined;
  // What `isProfessional` says: a PRO- sku with a price of its own.
  const chosen =
    own && !taken.has(own.id) ? own : sellableProduct(db, { skuPrefix: 'PRO-', priced: true, except: taken });
  if (chosen) taken.add(chosen.id);
  return chosen;
}

/**
 * The trade customer's two past orders, both complete: 38 days ago a scrubber's detergent and consumables
 * paid on account with {@link DEMO_TRADE_PO_NUMBER}, 9 days ago a vacuum cleaner by cheque. Each line is
 * priced as Magento priced it for the Trade group that day (group price, or the trade tier from 5).
 */
export function writeTradeOrders(
  db: Database,
  customerId: number,
  carriers: CarriersConfig,
  now: Date,
): void {
  const customer = customerToShip(db, customerId);
  const taken = new Set<number>();
  const orders = [
    {
      daysAgo: 38,
      lines: [
        [professional(db, 'detergents', 0, taken), 6],
        [professional(db, 'consumables', 0, taken), 2],
      ] as const,
      payment: { method: 'purchaseorder', poNumber: DEMO_TRADE_PO_NUMBER },
    },
    { daysAgo: 9, lines: [[professional(db, 'vacuum-cleaners', 0, taken), 1]] as const, payment: undefined },
  ];
  for (const order of orders) {
    const placedAt = new Date(now.getTime() - order.daysAgo * DAY);
    const chosen = order.lines.flatMap(([item, qty]) => (item ? [{ product: item, qty }] : []));
    if (chosen.length === 0) continue;
    const facts = priceFactsOf(
      db,
      chosen.map((line) => line.product),
    );
    const lines = chosen.map((line) => {
      const known = facts.get(line.product.id);
      const price = known
        ? finalPrice(known, TRADE_GROUP, line.qty, placedAt.getTime() / 1000)
        : line.product.price;
      return { ...line, price: roundMoney(price) };
    });
    writePastOrder(
      db,
      customer,
      {
        lines,
        status: 'complete',
        placedAt,
        payment: order.payment,
        customerGroupId: TRADE_GROUP,
        customerTaxvat: DEMO_TRADE_CUSTOMER.vatNumber,
      },
      carriers,
      now,
    );
  }
}

/** Set once the demo trade account is written, so a merchant's later changes to it stay. */
const WRITTEN = 'demo_trade_written';

/** Marks the demo trade account as written (the seed, which writes it in its own transaction). */
export const markDemoTradeWritten = (db: Database): void => db.setMeta(WRITTEN, '1');

/**
 * A database seeded before trade accounts existed gets the demo trade account now (its prices, the
 * customer, the two orders), once: never again after it was written, nor when the Trade group was deleted.
 * Returns whether it wrote it.
 */
export async function ensureDemoTrade(db: Database, carriers: CarriersConfig, now: Date): Promise<boolean> {
  const due = () => db.meta(WRITTEN) === undefined && groupExists(db, TRADE_GROUP);
  if (!due()) return false;
  const hash = await hashPassword(DEMO_TRADE_CUSTOMER.password);
  return db.transaction(() => {
    if (!due()) return false;
    writeTradePrices(db);
    writeTradeOrders(db, writeTradeCustomer(db, hash, magentoDate(now)), carriers, now);
    markDemoTradeWritten(db);
    return true;
  });
}
