/**
 * Past orders: the demo customer's few, so "My orders" has something to show on a fresh start, and many
 * for one customer (`seedCustomerOrders`) for benchmarks and tests. Each is written as checkout writes
 * one (`writeOrder`), from an inactive quote as a placed order leaves it, so that a search by `quote_id`
 * never finds a past order for a cart made later, delivered by the cheapest method the carriers offer its
 * parcel in Great Britain, as the basket picks it. Stock is left as the catalogue says.
 */
import { z } from 'zod';
import type { AddressData } from '../carts/addresses.ts';
import { DEMO_CARRIERS, type CarriersConfig } from '../checkout/carrier-config.ts';
import { collectRates, rateCode, rateDescription, type Rate } from '../checkout/carriers.ts';
import { customerAddressRow, customerRow, flatAddress } from '../customers/rows.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { lineTotal, roundMoney } from '../money.ts';
import { writeOrder, type NewOrder, type OrderLine } from '../orders/write.ts';
import { PROFESSIONAL_CATEGORY_ID, SUB_CATEGORIES } from './data/categories.ts';

const product = z.object({
  id: sqlNumber,
  sku: z.string(),
  name: z.string(),
  price: sqlNumber,
  type_id: z.string(),
  weight: sqlNumber.nullable(),
});
export type Product = z.output<typeof product>;

const SELLABLE = 'p.status = 1 AND p.visibility = 4 AND p.is_in_stock = 1 AND p.qty > 0';

/** Products a shopper can buy today (enabled, visible, in stock), in id order; of one category if given. */
export function sellableProducts(db: Database, categoryId?: number): Product[] {
  return categoryId === undefined
    ? db.all(
        product,
        `SELECT p.id, p.sku, p.name, p.price, p.type_id, p.weight FROM products p WHERE ${SELLABLE} ORDER BY p.id`,
      )
    : db.all(
        product,
        `SELECT p.id, p.sku, p.name, p.price, p.type_id, p.weight FROM products p
         JOIN category_products c ON c.product_id = p.id AND c.category_id = ?
         WHERE ${SELLABLE} ORDER BY p.id`,
        categoryId,
      );
}

/** Which sellable product `sellableProduct` picks. */
export interface SellablePick {
  /** Of this category only. */
  readonly categoryId?: number;
  /** How many to pass over, in id order (default 0: the first). */
  readonly skip?: number;
  /** Never one of these. */
  readonly except?: ReadonlySet<number>;
  /** Only one whose sku starts so (case-sensitive). */
  readonly skuPrefix?: string;
  /** Only one with a price of its own (not a configurable parent's 0). */
  readonly priced?: boolean;
}

/**
 * One product of {@link sellableProducts} (the same order), found by the database: the seed picks a few
 * from catalogues of 100,000 products, where reading them all would take seconds.
 */
export function sellableProduct(db: Database, pick: SellablePick = {}): Product | undefined {
  const except = [...(pick.except ?? [])];
  // A category's products come from its own index, in product id order: CROSS JOIN and ORDER BY its
  // product_id keep SQLite from reading every visible product's row of a large catalogue instead.
  const from =
    pick.categoryId === undefined
      ? 'products p'
      : 'category_products c CROSS JOIN products p ON p.id = c.product_id AND c.category_id = ?';
  return db.get(
    product,
    `SELECT p.id, p.sku, p.name, p.price, p.type_id, p.weight FROM ${from}
     WHERE ${SELLABLE}
       ${pick.skuPrefix === undefined ? '' : 'AND substr(p.sku, 1, length(?)) = ?'}
       ${pick.priced ? 'AND p.price > 0' : ''}
       ${except.length === 0 ? '' : 'AND p.id NOT IN (SELECT value FROM json_each(?))'}
     ORDER BY ${pick.categoryId === undefined ? 'p.id' : 'c.product_id'} LIMIT 1 OFFSET ?`,
    ...(pick.categoryId === undefined ? [] : [pick.categoryId]),
    ...(pick.skuPrefix === undefined ? [] : [pick.skuPrefix, pick.skuPrefix]),
    ...(except.length === 0 ? [] : [JSON.stringify(except)]),
    pick.skip ?? 0,
  );
}

/** What a status went through, in hours after the order was placed (Magento's usual path to it). */
const STEPS: Readonly<Record<string, readonly (readonly [status: string, hours: number])[]>> = {
  pending: [['pending', 0]],
  processing: [
    ['pending', 0],
    ['processing', 2],
  ],
  complete: [
    ['pending', 0],
    ['processing', 2],
    ['complete', 72],
  ],
  canceled: [
    ['pending', 0],
    ['canceled', 24],
  ],
};

export interface Customer {
  /** Null for a guest, whose order and quote name no customer. */
  readonly id: number | null;
  readonly email: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly billing: AddressData;
  readonly shipping: AddressData;
}

/** A customer address as an order keeps it: the region flat, the customer's e-mail added. */
function orderAddress(db: Database, addressId: number, email: string): AddressData | undefined {
  const row = db.get(customerAddressRow, 'SELECT * FROM customer_addresses WHERE id = ?', addressId);
  if (!row) return undefined;
  return { ...flatAddress(row), email };
}

/** The customer with the default addresses checkout would offer (the first address when no default). */
export function customerToShip(db: Database, customerId: number): Customer {
  const row = db.get(customerRow, 'SELECT * FROM customers WHERE id = ?', customerId);
  if (!row) throw new Error(`No customer ${customerId} to write past orders for.`);
  const first = db.get(
    customerAddressRow,
    'SELECT * FROM customer_addresses WHERE customer_id = ? ORDER BY id',
    customerId,
  );
  const address = (id: number | null) =>
    (id === null ? undefined : orderAddress(db, id, row.email)) ??
    (first ? orderAddress(db, first.id, row.email) : undefined);
  const billing = address(row.default_billing);
  const shipping = address(row.default_shipping);
  if (!billing || !shipping)
    throw new Error(`Customer ${customerId} has no address: past orders need one to ship to.`);
  const { email, firstname, lastname } = row;
  return { id: customerId, email, firstname, lastname, billing, shipping };
}

export interface PastOrder {
  /** Each line's product and quantity, at `price` when given (a customer group's price), else its price. */
  readonly lines: readonly { readonly product: Product; readonly qty: number; readonly price?: number }[];
  readonly status: string;
  readonly placedAt: Date;
  /** How it was paid (checkmo when left out), and the customer's group and VAT number as the order keeps them. */
  readonly payment?: NewOrder['payment'];
  readonly customerGroupId?: number;
  readonly customerTaxvat?: string;
}

/** The cheapest way the carriers deliver the order's parcel to Great Britain. */
function cheapestDelivery(carriers: CarriersConfig, order: PastOrder): Rate {
  const lines = order.lines;
  const subtotal = roundMoney(
    lines.reduce((sum, line) => sum + lineTotal(line.price ?? line.product.price, line.qty), 0),
  );
  const rates = collectRates(carriers, {
    countryId: 'GB',
    packageWeight: lines.reduce((sum, line) => sum + (line.product.weight ?? 0) * line.qty, 0),
    packageQty: lines.reduce((sum, line) => sum + line.qty, 0),
    packageValueWithDiscount: subtotal,
    freeShipping: false,
  });
  const cheapest = rates.reduce<Rate | undefined>(
    (best, rate) => (best && best.price <= rate.price ? best : rate),
    undefined,
  );
  if (!cheapest)
    throw new Error(
      `No carrier delivers a past order of ${lines.map((line) => line.product.sku).join(', ')} to GB.`,
    );
  return cheapest;
}

/** One past order: its inactive quote and lines, then the order itself, its history up to `latest`. */
export function writePastOrder(
  db: Database,
  customer: Customer,
  order: PastOrder,
  carriers: CarriersConfig,
  latest: Date,
): { orderId: number; incrementId: string; createdAt: string } {
  const createdAt = magentoDate(order.placedAt);
  const delivery = cheapestDelivery(carriers, order);
  const method = rateCode(delivery);
  const quoteId = db.run(
    `INSERT INTO quotes (masked_id, customer_id, store_id, is_active, customer_is_guest, shipping_method, created_at, updated_at)
     VALUES (NULL, ?, 1, 0, ?, ?, ?, ?)`,
    customer.id,
    customer.id === null ? 1 : 0,
    method,
    createdAt,
    createdAt,
  ).lastInsertRowid;
  db.run(
    "INSERT INTO quote_addresses (quote_id, address_type, data) VALUES (?, 'billing', ?), (?, 'shipping', ?)",
    quoteId,
    JSON.stringify(customer.billing),
    quoteId,
    JSON.stringify(customer.shipping),
  );
  const lines: OrderLine[] = order.lines.map(({ product: item, qty, price = item.price }) => ({
    item_id: db.run(
      `INSERT INTO quote_items (quote_id, product_id, sku, name, price, qty, product_type)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      quoteId,
      item.id,
      item.sku,
      item.name,
      price,
      qty,
      item.type_id,
    ).lastInsertRowid,
    product_id: item.id,
    sku: item.sku,
    name: item.name,
    price,
    qty,
    product_type: item.type_id,
  }));
  const placed = order.placedAt.getTime();
  const [first, ...rest] = (STEPS[order.status] ?? [[order.status, 0]]).map(([status, hours]) => ({
    status,
    at: magentoDate(new Date(Math.max(placed, Math.min(placed + hours * 3_600_000, latest.getTime())))),
  }));
  const history: NewOrder['history'] = [first ?? { status: order.status, at: createdAt }, ...rest];
  const written = writeOrder(db, {
    quoteId,
    storeId: 1,
    customer,
    lines,
    shippingAmount: delivery.price,
    shippingMethod: method,
    shippingDescription: rateDescription(delivery),
    billing: customer.billing,
    shipping: customer.shipping,
    payment: order.payment,
    customerGroupId: order.customerGroupId,
    customerTaxvat: order.customerTaxvat,
    createdAt,
    history,
  });
  db.run('UPDATE quotes SET reserved_order_id = ? WHERE id = ?', written.incrementId, quoteId);
  return { ...written, createdAt };
}

/** Where the demo orders' products come from: the nth sellable product of a Professional sub-category. */
const SHELVES = [
  { shelf: 'machine', code: 'pressure-washer', nth: 0 },
  { shelf: 'vacuum', code: 'vacuum-cleaners', nth: 0 },
  { shelf: 'detergent', code: 'detergents', nth: 0 },
  { shelf: 'otherDetergent', code: 'detergents', nth: 1 },
  { shelf: 'consumable', code: 'consumables', nth: 0 },
  { shelf: 'accessory', code: 'accessories', nth: 0 },
] as const;
type Shelf = (typeof SHELVES)[number]['shelf'];

/**
 * The demo customer's past orders, oldest first: a trade buyer's pressure washer, and the detergent it
 * keeps buying (three times), a cancelled vacuum, and the latest order still being processed. The
 * completed pressure washer is the machine "My machines" offers from past orders (its `machine_model`).
 */
export const DEMO_ORDERS: readonly {
  readonly daysAgo: number;
  readonly status: 'complete' | 'processing' | 'canceled';
  readonly lines: readonly (readonly [Shelf, number])[];
}[] = [
  {
    daysAgo: 152,
    status: 'complete',
    lines: [
      ['machine', 1],
      ['detergent', 2],
    ],
  },
  {
    daysAgo: 94,
    status: 'complete',
    lines: [
      ['detergent', 4],
      ['consumable', 2],
      ['accessory', 1],
    ],
  },
  { daysAgo: 47, status: 'canceled', lines: [['vacuum', 1]] },
  {
    daysAgo: 11,
    status: 'processing',
    lines: [
      ['detergent', 3],
      ['otherDetergent', 1],
    ],
  },
];

/** Each shelf's product; a catalogue too small to have one gets another sellable product, or none. */
function stockShelves(db: Database): Partial<Record<Shelf, Product>> {
  const taken = new Set<number>();
  const shelves: Partial<Record<Shelf, Product>> = {};
  for (const { shelf, code, nth } of SHELVES) {
    const category = SUB_CATEGORIES.find((c) => c.parentId === PROFESSIONAL_CATEGORY_ID && c.code === code);
    const own = category ? sellableProduct(db, { categoryId: category.id, skip: nth }) : undefined;
    const chosen = own && !taken.has(own.id) ? own : sellableProduct(db, { except: taken });
    if (!chosen) continue;
    taken.add(chosen.id);
    shelves[shelf] = chosen;
  }
  return shelves;
}

const DAY = 86_400_000;

/**
 * Writes the demo customer's past orders ({@link DEMO_ORDERS}), dated back from `now`, delivered as
 * `carriers` would deliver them today. Part of the seed: runs inside its transaction.
 */
export function writeDemoOrders(db: Database, customerId: number, carriers: CarriersConfig, now: Date): void {
  const customer = customerToShip(db, customerId);
  const shelves = stockShelves(db);
  for (const demo of DEMO_ORDERS) {
    const lines = demo.lines.flatMap(([shelf, qty]) => {
      const item = shelves[shelf];
      return item ? [{ product: item, qty }] : [];
    });
    if (lines.length === 0) continue;
    const placedAt = new Date(now.getTime() - demo.daysAgo * DAY);
    writePastOrder(db, customer, { lines, status: demo.status, placedAt }, carriers, now);
  }
}

export interface CustomerOrdersOptions {
  /** When the newest order was placed (default: now). */
  readonly newest?: Date;
  /** Days between the oldest order and the newest (default 730). */
  readonly days?: number;
  /** The carriers that deliver them (default: the demo shop's). */
  readonly carriers?: CarriersConfig;
}

/**
 * Writes `count` past orders for one customer in one transaction: spread evenly over `days` up to
 * `newest` (oldest written first, so numbers rise with dates as in a real shop), 1–3 lines each of
 * today's sellable products, mostly complete, one in nine cancelled, the newest still processing or
 * pending. Stock is untouched. Returns the orders written, oldest first.
 */
export function seedCustomerOrders(
  db: Database,
  customerId: number,
  count: number,
  options: CustomerOrdersOptions = {},
): { orderId: number; incrementId: string; createdAt: string }[] {
  const newest = options.newest ?? new Date();
  const span = (options.days ?? 730) * DAY;
  const step = count > 1 ? Math.max(1000, Math.floor(span / (count - 1))) : 0;
  const carriers = options.carriers ?? DEMO_CARRIERS;
  return db.transaction(() => {
    const customer = customerToShip(db, customerId);
    const pool = sellableProducts(db);
    if (pool.length === 0) throw new Error('No sellable product to write past orders with.');
    return Array.from({ length: count }, (_, k) => {
      const picked = new Set<Product>();
      for (let j = 0; j < 1 + (k % 3); j++) {
        const item = pool[(k * 7 + j * 13) % pool.length];
        if (item) picked.add(item);
      }
      const lines = [...picked].map((item, j) => ({ product: item, qty: 1 + ((k + j) % 4) }));
      const fromNewest = count - 1 - k;
      const status =
        fromNewest === 0 ? 'pending' : fromNewest < 3 ? 'processing' : k % 9 === 4 ? 'canceled' : 'complete';
      const placedAt = new Date(newest.getTime() - fromNewest * step);
      return writePastOrder(db, customer, { lines, status, placedAt }, carriers, newest);
    });
  });
}
