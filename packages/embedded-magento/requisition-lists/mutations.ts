/**
 * The requisition-list mutations of B2B for Adobe Commerce: make, rename and delete a list, and add,
 * change and remove its lines. Each refuses a guest first, then a list that is not the caller's, then a
 * line or sku it cannot find; each is one transaction, so a refused line leaves the list as it was.
 */
import { z } from 'zod';
import { choiceFromChild, choiceFromUids } from '../graphql/configurable.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { productBySku } from '../graphql/product.ts';
import { storeNow } from '../store-view.ts';
import { requisitionErrors } from './errors.ts';
import {
  createList,
  deleteItem,
  deleteList,
  findItem,
  findList,
  fromUid,
  putItem,
  renameList,
  setItemQty,
  touchList,
  type ItemRow,
  type ListRow,
} from './lists.ts';
import { customerRequisitionLists, listNode } from './nodes.ts';

export function requireCustomer(context: GraphQlContext): number {
  if (context.customerId === undefined) throw requisitionErrors.guest();
  return context.customerId;
}

export const now = (context: GraphQlContext): number => storeNow(context.store).getTime();

/** The caller's list a uid names: one nobody has is not found, another customer's is not theirs to use. */
export function ownList(
  context: GraphQlContext,
  customerId: number,
  uid: string | null | undefined,
): ListRow {
  if (!uid) throw requisitionErrors.missing('requisitionListUid');
  const id = fromUid(uid);
  const list = findList(context.db, id);
  if (!list) throw requisitionErrors.noSuchList(String(id));
  if (list.customer_id !== customerId) throw requisitionErrors.notYours();
  return list;
}

/** The list's lines the uids name, each refused when it is not a line of this list. */
export function ownItems(
  context: GraphQlContext,
  list: ListRow,
  uids: readonly (string | null)[],
): ItemRow[] {
  return uids.map((uid) => {
    const id = fromUid(uid ?? '');
    const item = findItem(context.db, list.entity_id, id);
    if (!item) throw requisitionErrors.noSuchItem(String(id));
    return item;
  });
}

const listOutput = (context: GraphQlContext, listId: number) => {
  const list = findList(context.db, listId);
  return { requisition_list: list ? listNode(context, list) : null };
};

const nameInput = z.object({ name: z.string(), description: z.string().nullish() }).nullish();

function named(input: z.output<typeof nameInput>) {
  const name = input?.name.trim() ?? '';
  if (name === '') throw requisitionErrors.blankName();
  return { name, description: input?.description ?? null };
}

export function createRequisitionList(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { name, description } = named(z.object({ input: nameInput }).parse(args).input);
  return context.db.transaction(() =>
    listOutput(context, createList(context.db, customerId, name, description, now(context))),
  );
}

const listArgs = z.object({ requisitionListUid: z.string() });

export function updateRequisitionList(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { requisitionListUid, input } = listArgs.extend({ input: nameInput }).parse(args);
  return context.db.transaction(() => {
    const list = ownList(context, customerId, requisitionListUid);
    const { name, description } = named(input);
    renameList(context.db, list, name, description, now(context));
    return listOutput(context, list.entity_id);
  });
}

export function deleteRequisitionList(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { requisitionListUid } = listArgs.parse(args);
  context.db.transaction(() =>
    deleteList(context.db, ownList(context, customerId, requisitionListUid).entity_id),
  );
  return {
    status: true,
    requisition_lists: customerRequisitionLists(context, { currentPage: 1, pageSize: 20 }),
  };
}

const addLine = z.object({
  sku: z.string(),
  quantity: z.number().nullish(),
  parent_sku: z.string().nullish(),
  selected_options: z.array(z.string().nullable()).nullish(),
});

/** A configurable's choice as the line keeps it: from its option uids, or from the child `sku` names. */
function lineOptions(context: GraphQlContext, line: z.output<typeof addLine>, productId: number): string {
  let choice = choiceFromUids(line.selected_options ?? []);
  if (choice.length === 0 && line.parent_sku && line.parent_sku !== line.sku) {
    const parent = productBySku(context.db, line.parent_sku);
    const child = productBySku(context.db, line.sku);
    if (parent && child) choice = choiceFromChild(context.db, parent, child);
  }
  return choice.length === 0 ? '{}' : JSON.stringify({ product: productId, super_attribute: choice });
}

export function addProductsToRequisitionList(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { requisitionListUid, requisitionListItems } = listArgs
    .extend({ requisitionListItems: z.array(addLine) })
    .parse(args);
  if (requisitionListItems.length === 0) throw requisitionErrors.missing('requisitionListItems');
  return context.db.transaction(() => {
    const list = ownList(context, customerId, requisitionListUid);
    for (const line of requisitionListItems) {
      const product = productBySku(context.db, line.parent_sku ?? line.sku);
      if (!product) throw requisitionErrors.unknownSku();
      const qty = line.quantity ?? 1;
      if (!(qty > 0)) throw requisitionErrors.badQuantity();
      const options = product.type_id === 'configurable' ? lineOptions(context, line, product.id) : '{}';
      putItem(context.db, list.entity_id, { sku: product.sku, qty, options }, now(context));
    }
    touchList(context.db, list.entity_id, now(context));
    return listOutput(context, list.entity_id);
  });
}

const updateLine = z.object({ item_id: z.string(), quantity: z.number().nullish() });

export function updateRequisitionListItems(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { requisitionListUid, requisitionListItems } = listArgs
    .extend({ requisitionListItems: z.array(updateLine) })
    .parse(args);
  if (requisitionListItems.length === 0) throw requisitionErrors.missing('requisitionListItems');
  return context.db.transaction(() => {
    const list = ownList(context, customerId, requisitionListUid);
    for (const line of requisitionListItems) {
      const [item] = ownItems(context, list, [line.item_id]);
      if (!item || line.quantity === undefined || line.quantity === null) continue;
      if (!(line.quantity > 0)) throw requisitionErrors.badQuantity();
      setItemQty(context.db, item.id, line.quantity);
    }
    touchList(context.db, list.entity_id, now(context));
    return listOutput(context, list.entity_id);
  });
}

export function deleteRequisitionListItems(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { requisitionListUid, requisitionListItemUids } = listArgs
    .extend({ requisitionListItemUids: z.array(z.string()) })
    .parse(args);
  if (requisitionListItemUids.length === 0) throw requisitionErrors.missing('requisitionListItemUids');
  return context.db.transaction(() => {
    const list = ownList(context, customerId, requisitionListUid);
    for (const item of ownItems(context, list, requisitionListItemUids)) deleteItem(context.db, item.id);
    touchList(context.db, list.entity_id, now(context));
    return listOutput(context, list.entity_id);
  });
}
