/**
 * What the requisition-list fields answer: a list (`RequisitionList`, its lines read only when asked for,
 * a page at a time), its lines (`RequisitionListItemInterface`, typed by the product's type) and the
 * customer's lists (`Customer.requisition_lists`, filtered by name or uids and paged).
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';
import { inputError } from '../graphql/errors.ts';
import { productBySku, productView } from '../graphql/product.ts';
import { requisitionErrors } from './errors.ts';
import { customerLists, fromUid, itemCount, listItems, toUid, type ItemRow, type ListRow } from './lists.ts';

const pageArgs = z.object({ currentPage: z.number().int(), pageSize: z.number().int() });

/** Magento's paging guards (`SearchCriteria` resolvers), then the page as offset and size. */
function page(args: unknown) {
  const { currentPage, pageSize } = pageArgs.parse(args);
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  return { currentPage, pageSize, offset: (currentPage - 1) * pageSize };
}

const ITEM_TYPES: Readonly<Record<string, string>> = {
  simple: 'SimpleRequisitionListItem',
  virtual: 'VirtualRequisitionListItem',
  configurable: 'ConfigurableRequisitionListItem',
};

/** A line with its product, or nothing for a line whose product was deleted since (it cannot be shown). */
function itemNode(context: GraphQlContext, item: ItemRow) {
  const product = productBySku(context.db, item.sku);
  const typename = product ? ITEM_TYPES[product.type_id] : undefined;
  if (!product || !typename) return [];
  return [
    {
      __typename: typename,
      uid: toUid(item.id),
      sku: item.sku,
      quantity: item.qty,
      product: productView(context.db, product, context.product),
    },
  ];
}

function itemsPage(context: GraphQlContext, list: ListRow, args: unknown) {
  const { currentPage, pageSize, offset } = page(args);
  const totalPages = Math.ceil(itemCount(context.db, list.entity_id) / pageSize);
  const rows = listItems(context.db, list.entity_id, pageSize, offset);
  return {
    items: rows.flatMap((item) => itemNode(context, item)),
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: totalPages },
    total_pages: totalPages,
  };
}

export function listNode(context: GraphQlContext, list: ListRow) {
  return {
    uid: toUid(list.entity_id),
    name: list.name,
    description: list.description,
    items_count: itemCount(context.db, list.entity_id),
    updated_at: list.updated_at,
    items: (args: unknown) => itemsPage(context, list, args),
    requisition_list_items: (args: unknown) => itemsPage(context, list, args),
  };
}

const filterArgs = z.object({
  filter: z
    .object({
      name: z.object({ match: z.string().nullish() }).nullish(),
      uids: z.object({ eq: z.string().nullish(), in: z.array(z.string().nullable()).nullish() }).nullish(),
    })
    .nullish(),
});

const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The filter as `customerLists` takes it: names holding the `match` text in any case (Magento's `match`
 * filter is a LIKE '%…%') and the uids' ids.
 */
function listFilter(args: unknown) {
  const filter = filterArgs.parse(args).filter;
  const match = filter?.name?.match;
  const nameLike = match === undefined || match === null ? undefined : `%${likeText(match)}%`;
  const uids = filter?.uids;
  const wanted = uids ? [uids.eq, ...(uids.in ?? [])].filter((uid) => typeof uid === 'string') : undefined;
  return { nameLike, ids: wanted?.map(fromUid) };
}

/** `Customer.requisition_lists`: the `customer` query has refused a guest already. */
export function customerRequisitionLists(context: GraphQlContext, args: unknown) {
  const { customerId, db } = context;
  if (customerId === undefined) throw requisitionErrors.guest();
  const { currentPage, pageSize, offset } = page(args);
  const { rows, total } = customerLists(db, customerId, listFilter(args), { size: pageSize, offset });
  return {
    items: rows.map((list) => listNode(context, list)),
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: Math.ceil(total / pageSize) },
    total_count: total,
  };
}
