/**
 * `Customer.purchase_orders` and `Customer.purchase_order(uid)`: the purchase orders the customer may see,
 * newest first. With no filter, the customer's own; `company_purchase_orders`, those of the others they
 * may see (subordinates', or the company's); `require_my_approval`, those waiting for them; then by status
 * and creation date.
 */
import { z } from 'zod';
import type { CompanyUser } from '../company/index.ts';
import type { Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { inputError } from '../graphql/errors.ts';
import { actingUser, maySee, RESOURCE, userAllowed } from './access.ts';
import { pendingRows } from './approval.ts';
import { mayAnswer } from './authority.ts';
import { poErrors } from './errors.ts';
import { purchaseOrderNode } from './nodes.ts';
import {
  decodeUid,
  isBase64,
  purchaseOrderById,
  purchaseOrderRow,
  STATUS,
  type PurchaseOrderRow,
} from './store.ts';

const listArgs = z.object({
  filter: z
    .object({
      company_purchase_orders: z.boolean().nullish(),
      require_my_approval: z.boolean().nullish(),
      status: z.string().nullish(),
      created_date: z.object({ from: z.string().nullish(), to: z.string().nullish() }).nullish(),
    })
    .nullish(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
});
type Filter = NonNullable<z.output<typeof listArgs>['filter']>;

/** Whether the purchase order waits for the user's approval (never their own: `authority.ts`). */
const waitsFor = (db: Database, user: CompanyUser, po: PurchaseOrderRow): boolean =>
  po.status === STATUS.approvalRequired && mayAnswer(db, user, po, pendingRows(db, po.entity_id));

function kept(db: Database, user: CompanyUser, po: PurchaseOrderRow, filter: Filter): boolean {
  if (!maySee(db, user, po)) return false;
  if (filter.require_my_approval) {
    if (!waitsFor(db, user, po)) return false;
  } else if (filter.company_purchase_orders) {
    if (po.creator_id === user.customerId) return false;
  } else if (po.creator_id !== user.customerId) return false;
  if (filter.status && po.status !== filter.status.toLowerCase()) return false;
  const { from, to } = filter.created_date ?? {};
  if (from && po.created_at < from) return false;
  if (to && po.created_at > to) return false;
  return true;
}

export function purchaseOrders(_source: unknown, rawArgs: unknown, context: GraphQlContext) {
  const user = actingUser(context);
  const args = listArgs.parse(rawArgs);
  if (args.currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (args.pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  const { db } = context;
  const all = db
    .all(
      purchaseOrderRow,
      'SELECT * FROM purchase_order WHERE company_id = ? ORDER BY entity_id DESC',
      user.companyId,
    )
    .filter((po) => kept(db, user, po, args.filter ?? {}));
  const start = (args.currentPage - 1) * args.pageSize;
  return {
    items: all.slice(start, start + args.pageSize).map((po) => purchaseOrderNode(context, po, user)),
    page_info: {
      current_page: args.currentPage,
      page_size: args.pageSize,
      total_pages: Math.ceil(all.length / args.pageSize),
    },
    total_count: all.length,
  };
}

/**
 * `Customer.purchase_order(uid)`, refused as Adobe's resolver refuses: a uid that is no base64, one naming
 * no purchase order (input errors), one the customer may not see (not authorized, naming its number).
 */
export function purchaseOrder(_source: unknown, rawArgs: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.view);
  const { uid } = z.object({ uid: z.string() }).parse(rawArgs);
  if (uid === '') throw inputError('Required parameter "uid" is missing.');
  if (!isBase64(uid)) throw inputError(`Value of uid "${uid}" is incorrect.`);
  const id = decodeUid(uid);
  const po = id === undefined ? undefined : purchaseOrderById(context.db, id);
  if (!po) throw poErrors.noSuchEntity(uid);
  if (!maySee(context.db, user, po)) throw poErrors.cannotView(po.increment_id);
  return purchaseOrderNode(context, po, user);
}
