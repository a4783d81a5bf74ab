/**
 * Magento's price storage for special prices (COMMERCE-BASICS §5.1; `Catalog\Model\Product\Price\
 * SpecialPriceStorage` and its resource model `ResourceModel\Product\Price\SpecialPrice`): read the special
 * prices of many skus, add or update them, delete them. Prices are global in this shop (`catalog/price/scope`
 * 0), so a row is for store 0. A write never throws for a bad row: each refusal is a result item whose
 * message has its values filled in (the storage passes them to the phrase) and whose parameters are those
 * values in order; the good rows are written (`[]` when all were good).
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { jsonRecord } from '../json.ts';
import { isMagentoDateTime, specialPriceOf, storedSpecialValue } from './special-price.ts';

/** The product types the storage takes a special price for (`SpecialPriceStorage::$allowedProductTypes`). */
const ALLOWED_TYPES = ['simple', 'virtual', 'downloadable', 'bundle'];
/** The store views there are: the admin store (0, where global prices live) and the default one (1). */
const STORE_IDS = [0, 1];

const specialPriceDto = m.dto({
  price: m.float(),
  store_id: m.int(),
  sku: m.string(),
  price_from: m.string(),
  price_to: m.string(),
  extension_attributes: m.mixed(),
});
type SpecialPriceInput = z.output<typeof specialPriceDto>;
const pricesBody = m.params({ prices: m.array(specialPriceDto) });
const skusBody = m.params({ skus: m.array(m.string()) });

const productRow = z.object({ id: sqlNumber, sku: z.string(), type_id: z.string(), attributes: z.string() });
type ProductRow = z.output<typeof productRow>;

/** The products of these skus (as given, none twice), by sku. */
function productsBySku(db: Database, skus: readonly (string | null | undefined)[]): Map<string, ProductRow> {
  const wanted = [...new Set(skus.filter((sku): sku is string => typeof sku === 'string' && sku !== ''))];
  const found = new Map<string, ProductRow>();
  for (let start = 0; start < wanted.length; start += 500) {
    const chunk = wanted.slice(start, start + 500);
    const rows = db.all(
      productRow,
      `SELECT id, sku, type_id, attributes FROM products WHERE sku IN (${chunk.map(() => '?').join(',')})`,
      ...chunk,
    );
    for (const row of rows) found.set(row.sku, row);
  }
  return found;
}

/**
 * `SpecialPriceStorage::get`: the special prices of the skus that exist and may have one, unknown skus and
 * configurables dropped silently (`InvalidSkuProcessor::filterSkuList`), in `SpecialPriceInterface` order.
 */
export function specialPricesOf(db: Database, skus: readonly (string | null)[]) {
  return [...productsBySku(db, skus).values()]
    .filter((product) => ALLOWED_TYPES.includes(product.type_id))
    .sort((a, b) => a.id - b.id)
    .flatMap((product) => {
      const special = specialPriceOf(jsonRecord(product.attributes));
      if (!special) return [];
      return [
        {
          price: special.price,
          store_id: 0,
          sku: product.sku,
          price_from: special.from,
          price_to: special.to,
        },
      ];
    });
}

/** A refused row as `PriceUpdateResultInterface`. */
interface Failure {
  readonly message: string;
  readonly parameters: (string | null)[];
}

const ROW_ID = 'Row ID: SKU = %SKU, Store ID: %storeId, Price From: %priceFrom, Price To: %priceTo.';

/** A value as the phrase and the `string[]` parameters carry it: PHP's string cast, null kept as null. */
const asParameter = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'boolean'
      ? value
        ? '1'
        : ''
      : String(value);

/**
 * `addFailedItemPrice`: the message with its placeholders filled in (`__($message, $values)`), the values
 * in order (the refused value or label first, then SKU, store, from and to) as the parameters.
 */
function failure(price: SpecialPriceInput, template: string, first: Record<string, unknown> = {}): Failure {
  const values: Record<string, unknown> = {
    ...first,
    SKU: price.sku,
    storeId: price.store_id,
    priceFrom: price.price_from,
    priceTo: price.price_to,
  };
  // Longest names first, as PHP's strtr() matches them: %priceFrom is not %price followed by "From".
  const names = Object.keys(values).sort((a, b) => b.length - a.length);
  const message = `${template} ${ROW_ID}`.replace(
    new RegExp(`%(${names.join('|')})`, 'g'),
    (_, name: string) => asParameter(values[name]) ?? '',
  );
  return { message, parameters: Object.values(values).map(asParameter) };
}

/** PHP's truthiness of a date as the storage tests it (`if ($value && …)`): "" and "0" are no date. */
const given = (date: string | null | undefined): date is string =>
  date !== null && date !== undefined && date !== '' && date !== '0';

/**
 * `SpecialPriceStorage::retrieveValidPrices`: each row's checks in Magento's order (the product, the store,
 * the price, the from-date, the to-date), every refusal a result item; the rows with none are returned
 * with their products for writing.
 */
function validate(db: Database, prices: readonly (SpecialPriceInput | null)[]) {
  const products = productsBySku(
    db,
    prices.map((price) => price?.sku),
  );
  const failures: Failure[] = [];
  const valid: { price: SpecialPriceInput; product: ProductRow }[] = [];
  for (const price of prices) {
    if (!price) continue;
    const before = failures.length;
    const product = price.sku ? products.get(price.sku) : undefined;
    if (!product || !ALLOWED_TYPES.includes(product.type_id))
      failures.push(
        failure(price, "The product that was requested doesn't exist. Verify the product and try again."),
      );
    if (price.store_id !== 0)
      failures.push(failure(price, 'Could not change non global Price when price scope is global.'));
    if (price.store_id === null || price.store_id === undefined || !STORE_IDS.includes(price.store_id))
      failures.push(failure(price, 'Requested store is not found.'));
    if (price.price === null || price.price === undefined || price.price < 0)
      failures.push(failure(price, 'Invalid attribute Price = %price.', { price: price.price }));
    // Magento's phrase names the to-date's value for either date (`%label = %priceTo`).
    if (given(price.price_from) && !isMagentoDateTime(price.price_from))
      failures.push(failure(price, 'Invalid attribute %label = %priceTo.', { label: 'Price From' }));
    if (given(price.price_to) && !isMagentoDateTime(price.price_to))
      failures.push(failure(price, 'Invalid attribute %label = %priceTo.', { label: 'Price To' }));
    if (failures.length === before && product) valid.push({ price, product });
  }
  return { valid, failures };
}

/**
 * The product's attributes with its special price written (`SpecialPrice::update`: the price, and each date
 * only when one is given, so a date left out keeps the stored one) or removed with both dates (`delete`).
 * The product is saved again (its updated_at), as this back end's other price storage does, so a
 * storefront's sync reads it.
 */
function writeSpecial(db: Database, product: ProductRow, price: SpecialPriceInput | undefined): void {
  const attributes = jsonRecord(product.attributes);
  if (price) {
    attributes['special_price'] = storedSpecialValue('special_price', price.price);
    if (given(price.price_from)) attributes['special_from_date'] = price.price_from;
    if (given(price.price_to)) attributes['special_to_date'] = price.price_to;
  } else {
    delete attributes['special_price'];
    delete attributes['special_from_date'];
    delete attributes['special_to_date'];
  }
  const json = JSON.stringify(attributes);
  product.attributes = json;
  db.run('UPDATE products SET attributes = ?, updated_at = ? WHERE id = ?', json, magentoDate(), product.id);
}

/** `SpecialPriceStorage::update` and `delete`: the refusals as result items, the good rows written. */
export function writeSpecialPrices(
  db: Database,
  mode: 'update' | 'delete',
  prices: readonly (SpecialPriceInput | null)[],
): Failure[] {
  return db.transaction(() => {
    const { valid, failures } = validate(db, prices);
    for (const { price, product } of valid) writeSpecial(db, product, mode === 'update' ? price : undefined);
    return failures;
  });
}

export function specialPriceStorageRoutes(db: Database): Route[] {
  // Catalog/etc/webapi.xml (2.2+): the price storage routes are behind the catalog resource.
  const resource = 'Magento_Catalog::catalog';
  return [
    {
      method: 'POST',
      path: '/V1/products/special-price-information',
      resource,
      ...withBody(skusBody, (_, { skus }) => specialPricesOf(db, skus)),
    },
    {
      method: 'POST',
      path: '/V1/products/special-price',
      resource,
      ...withBody(pricesBody, (_, { prices }) => writeSpecialPrices(db, 'update', prices)),
    },
    {
      method: 'POST',
      path: '/V1/products/special-price-delete',
      resource,
      ...withBody(pricesBody, (_, { prices }) => writeSpecialPrices(db, 'delete', prices)),
    },
  ];
}
