/**
 * What the return form of an order is drawn from, read with the integration token (the module's GraphQL
 * offers no lists): the store's reasons, resolution types and item conditions (`/V1/rma/…/search`), what
 * the order's returns already ask for (`/V1/rma/search` by order, then each return's items), and the names
 * of the categories its products are in, then each line put through the shop's rules (rules.ts).
 */
import { z } from 'zod';
import { magentoFetch, searchCriteria, type IntegrationConfig } from '../../magento/client.ts';
import { magentoCategoryTree, type MagentoCategoryTree } from '../../magento/wire/catalogue.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import { rmaItemsWire, rmaLookupSearchWire, rmaSearchWire } from '../../magento/wire/rma.ts';
import { summary } from '../orders/index.ts';
import type { ReturnChoice, ReturnFacts } from './returns.ts';
import { lineFacts, type OrderLineForReturn } from './rules.ts';
import type { ReturnSettings } from './settings.ts';
import { wishText } from './texts.ts';

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);

/** An order line as returns read it: Magento's item id (what a return names) and its product's id. */
const returnLineWire = z
  .object({
    item_id: id,
    product_id: id.nullish(),
    sku: z.string(),
    name: z.string().nullish(),
    qty_ordered: z.number().nullish(),
    parent_item_id: z.number().nullish(),
    product_type: z.string().nullish(),
  })
  .loose();

/** The lines a return may name, as the module's OrderEligibility has them: no children, nothing virtual. */
export function returnLinesOf(order: CustomerOrderWire): z.infer<typeof returnLineWire>[] {
  const lines = z.array(returnLineWire).parse(order.items ?? []);
  return lines.filter(
    (line) =>
      (line.parent_item_id === null || line.parent_item_id === undefined) &&
      line.product_type !== 'virtual' &&
      line.product_type !== 'downloadable',
  );
}

export interface ReturnChoices {
  readonly reasons: ReturnChoice[];
  readonly resolutions: ReturnChoice[];
  readonly conditions: ReturnChoice[];
}

/** One of the store's lists: its active entries in the merchant's order. */
async function readList(magento: IntegrationConfig, list: string): Promise<ReturnChoice[]> {
  const found = await magentoFetch(magento, {
    path: `/rma/${list}/search?${searchCriteria({ pageSize: 200, currentPage: 1 })}`,
    schema: rmaLookupSearchWire,
  });
  return found.items
    .filter((entry) => entry.is_active !== false)
    .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
    .map((entry) => ({ id: entry.entity_id, code: entry.code, label: entry.label }));
}

export async function returnChoices(magento: IntegrationConfig): Promise<ReturnChoices> {
  const [reasons, types, conditions] = await Promise.all([
    readList(magento, 'reason'),
    readList(magento, 'resolution-type'),
    readList(magento, 'item-condition'),
  ]);
  const resolutions = types.map((type) => ({ ...type, label: wishText(type) }));
  return { reasons, resolutions, conditions };
}

/** The returns of an order (ids, newest last), as Magento keeps them. */
export async function returnsOfOrder(magento: IntegrationConfig, orderId: number) {
  const query = searchCriteria({
    filters: [{ field: 'order_id', value: String(orderId) }],
    pageSize: 100,
    currentPage: 1,
  });
  const found = await magentoFetch(magento, { path: `/rma/search?${query}`, schema: rmaSearchWire });
  return found.items.filter((rma) => rma.order_id === orderId);
}

/** How many of each order item the order's returns already ask for (whatever their status, as the module counts). */
export async function requestedQty(
  magento: IntegrationConfig,
  orderId: number,
): Promise<Map<number, number>> {
  const returns = await returnsOfOrder(magento, orderId);
  const items = await Promise.all(
    returns.map((rma) =>
      magentoFetch(magento, {
        path: `/rma/${rma.entity_id}/items?${searchCriteria({ pageSize: 200, currentPage: 1 })}`,
        schema: rmaItemsWire,
      }),
    ),
  );
  const requested = new Map<number, number>();
  for (const item of items.flatMap((found) => found.items))
    requested.set(item.order_item_id, (requested.get(item.order_item_id) ?? 0) + item.qty_requested);
  return requested;
}

const productCategories = z.object({
  items: z.array(
    z
      .object({
        id,
        extension_attributes: z
          .object({ category_links: z.array(z.object({ category_id: id }).loose()).optional() })
          .loose()
          .optional(),
      })
      .loose(),
  ),
});

function namesById(tree: MagentoCategoryTree, into = new Map<number, string>()): Map<number, string> {
  into.set(tree.id, tree.name);
  for (const child of tree.children_data) namesById(child, into);
  return into;
}

/** The names of the categories each product is in, by product id, as the catalogue names them. */
export async function categoryNames(
  magento: IntegrationConfig,
  productIds: readonly number[],
): Promise<Map<number, string[]>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const query = searchCriteria({
    filters: [{ field: 'entity_id', value: ids.join(','), conditionType: 'in' }],
    pageSize: ids.length,
    currentPage: 1,
  });
  const [tree, products] = await Promise.all([
    magentoFetch(magento, { path: '/categories', schema: magentoCategoryTree }),
    magentoFetch(magento, { path: `/products?${query}`, schema: productCategories }),
  ]);
  const names = namesById(tree);
  return new Map(
    products.items.map((product) => [
      product.id,
      (product.extension_attributes?.category_links ?? []).flatMap(
        (link) => names.get(link.category_id) ?? [],
      ),
    ]),
  );
}

/** The order's lines through the shop's rules, with the store's lists: what the return form shows. */
export async function returnFacts(
  magento: IntegrationConfig,
  settings: ReturnSettings,
  order: CustomerOrderWire,
  now: Date,
): Promise<ReturnFacts> {
  const lines = returnLinesOf(order);
  const productIds = lines.flatMap((line) => (line.product_id ? [line.product_id] : []));
  const [choices, requested, categories] = await Promise.all([
    returnChoices(magento),
    requestedQty(magento, order.entity_id),
    categoryNames(magento, productIds),
  ]);
  const shown = summary(order);
  const asOrder = { placedAt: shown.placedAt, status: order.status ?? '', statusLabel: shown.status };
  const facts = lines.map((line) => {
    const forReturn: OrderLineForReturn = {
      orderItemId: line.item_id,
      sku: line.sku,
      name: line.name ?? line.sku,
      ordered: Math.round(line.qty_ordered ?? 0),
      categories: (line.product_id && categories.get(line.product_id)) || [],
    };
    return lineFacts(settings, asOrder, forReturn, requested.get(line.item_id) ?? 0, now);
  });
  return { order: order.increment_id, placedAt: shown.placedAt, lines: facts, ...choices };
}
