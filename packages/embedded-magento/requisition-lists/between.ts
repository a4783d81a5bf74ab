/**
 * `copyItemsBetweenRequisitionLists` and `moveItemsBetweenRequisitionLists`: lines of one of the caller's
 * lists put into another of theirs (added to a line it has for the same product and choice), or into a
 * new list named after the source when no destination is given, as Adobe's pages say.
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';
import { requisitionErrors } from './errors.ts';
import { createList, deleteItem, findList, putItem, touchList, type ListRow } from './lists.ts';
import { now, ownItems, ownList, requireCustomer } from './mutations.ts';
import { listNode } from './nodes.ts';

const args = z.object({
  sourceRequisitionListUid: z.string(),
  destinationRequisitionListUid: z.string().nullish(),
  requisitionListItem: z.object({ requisitionListItemUids: z.array(z.string().nullable()) }).nullish(),
});

function destination(
  context: GraphQlContext,
  customerId: number,
  source: ListRow,
  uid: string | null | undefined,
) {
  if (uid) return ownList(context, customerId, uid);
  const id = createList(context.db, customerId, source.name, source.description, now(context));
  const created = findList(context.db, id);
  if (!created) throw new Error(`Requisition list ${String(id)} was not created`);
  return created;
}

function transfer(input: unknown, context: GraphQlContext, move: boolean) {
  const customerId = requireCustomer(context);
  const parsed = args.parse(input);
  const uids = parsed.requisitionListItem?.requisitionListItemUids ?? [];
  if (uids.length === 0) throw requisitionErrors.missing('requisitionListItemUids');
  return context.db.transaction(() => {
    const source = ownList(context, customerId, parsed.sourceRequisitionListUid);
    const target = destination(context, customerId, source, parsed.destinationRequisitionListUid);
    for (const item of ownItems(context, source, uids)) {
      putItem(
        context.db,
        target.entity_id,
        { sku: item.sku, qty: item.qty, options: item.options },
        now(context),
      );
      if (move) deleteItem(context.db, item.id);
    }
    touchList(context.db, target.entity_id, now(context));
    if (move) touchList(context.db, source.entity_id, now(context));
    const view = (id: number) => {
      const list = findList(context.db, id);
      return list ? listNode(context, list) : null;
    };
    return { source: view(source.entity_id), destination: view(target.entity_id) };
  });
}

export const copyItemsBetweenRequisitionLists = (input: unknown, context: GraphQlContext) => ({
  requisition_list: transfer(input, context, false).destination,
});

export function moveItemsBetweenRequisitionLists(input: unknown, context: GraphQlContext) {
  const { source, destination: target } = transfer(input, context, true);
  return { source_requisition_list: source, destination_requisition_list: target };
}
