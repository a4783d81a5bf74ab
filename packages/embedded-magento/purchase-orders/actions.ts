/**
 * The mutations acting on purchase orders by uid (`PurchaseOrdersActionInput` → `PurchaseOrdersActionOutput`):
 * approve, reject, cancel and validate. Each purchase order is handled in its own transaction; one the
 * customer may not see is NOT_FOUND, one in the wrong state or that the customer has no say in is an
 * OPERATION_NOT_APPLICABLE entry of `errors[]`, and the others are answered in `purchase_orders`. The
 * e-mails of the steps go after the transaction.
 */
import { z } from 'zod';
import type { CompanyUser } from '../company/index.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { actingUser, visiblePurchaseOrder } from './access.ts';
import {
  approvedStatus,
  fullyApproved,
  OFFLINE_METHODS,
  recordApproval,
  recordRejection,
  validate,
} from './approval.ts';
import { companyUser } from '../company/index.ts';
import { actionErrors, type ActionError } from './errors.ts';
import type { PurchaseOrderMailKind } from './mail.ts';
import { purchaseOrderNode } from './nodes.ts';
import { notify } from './notify.ts';
import { placeOrderOf } from './ordering.ts';
import { log, moveStatus, purchaseOrderById, STATUS, type PurchaseOrderRow, type Status } from './store.ts';

const uidsInput = z.object({ input: z.object({ purchase_order_uids: z.array(z.string().nullable()) }) });

/** An e-mail owed: its kind and detail (the rejection's comment, the placed order's number). */
type Mail = readonly [PurchaseOrderMailKind, (string | undefined)?];

/** What acting on one purchase order ended in: an error entry, or the row with the e-mails it owes. */
type Outcome =
  { readonly error: ActionError } | { readonly po: PurchaseOrderRow; readonly mails: readonly Mail[] };

type Act = (context: GraphQlContext, user: CompanyUser, po: PurchaseOrderRow) => Outcome;

const WAITING: readonly Status[] = [STATUS.pending, STATUS.approvalRequired];

/** Runs `act` on each purchase order the input names, then sends the e-mails owed. */
function actOnEach(act: Act) {
  return async (args: unknown, context: GraphQlContext) => {
    const user = actingUser(context);
    const { db } = context;
    const errors: ActionError[] = [];
    const done: Extract<Outcome, { po: unknown }>[] = [];
    for (const uid of uidsInput.parse(args).input.purchase_order_uids) {
      const outcome = db.transaction((): Outcome => {
        const po = visiblePurchaseOrder(db, user, uid ?? '');
        return po ? act(context, user, po) : { error: actionErrors.notFound(uid ?? '') };
      });
      if ('error' in outcome) errors.push(outcome.error);
      else done.push(outcome);
    }
    for (const { po, mails } of done)
      for (const [kind, detail] of mails) await notify(context, po, kind, detail);
    return { errors, purchase_orders: done.map(({ po }) => purchaseOrderNode(context, po, user)) };
  };
}

const reread = (context: GraphQlContext, po: PurchaseOrderRow) =>
  purchaseOrderById(context.db, po.entity_id) ?? po;

/** An approval; the last one approves the purchase order and, paid on account, places its order. */
const approve: Act = (context, user, po) => {
  const { db } = context;
  if (!WAITING.includes(po.status)) return { error: actionErrors.notApplicable('approved', po.increment_id) };
  if (!recordApproval(db, user, po)) return { error: actionErrors.notApprover('approve', po.increment_id) };
  log(db, po.entity_id, 'approve', { increment_id: po.increment_id }, user.customerId);
  if (!fullyApproved(db, po.entity_id)) return { po: reread(context, po), mails: [] };
  if (!moveStatus(db, po.entity_id, WAITING, approvedStatus(po)))
    return { error: actionErrors.notApplicable('approved', po.increment_id) };
  const placed = OFFLINE_METHODS.has(po.payment_method)
    ? placeOrderOf(db, po, [STATUS.approved], context.checkout, user.customerId)
    : undefined;
  const mails: Mail[] = [['approved']];
  if (placed && 'orderId' in placed) mails.push(['order_placed', placed.incrementId]);
  return { po: reread(context, po), mails };
};

const lastComment = z.object({ comment: z.string() });

/** A rejection: final at once, the buyer told with the approver's last comment. */
const reject: Act = (context, user, po) => {
  const { db } = context;
  if (!WAITING.includes(po.status)) return { error: actionErrors.notApplicable('rejected', po.increment_id) };
  if (!recordRejection(db, user, po)) return { error: actionErrors.notApprover('reject', po.increment_id) };
  if (!moveStatus(db, po.entity_id, WAITING, STATUS.rejected))
    return { error: actionErrors.notApplicable('rejected', po.increment_id) };
  log(db, po.entity_id, 'reject', { increment_id: po.increment_id }, user.customerId);
  const comment = db.get(
    lastComment,
    'SELECT comment FROM purchase_order_comment WHERE purchase_order_id = ? AND creator_id = ? ORDER BY entity_id DESC LIMIT 1',
    po.entity_id,
    user.customerId,
  );
  return { po: reread(context, po), mails: [['rejected', comment?.comment]] };
};

const CANCELABLE: readonly Status[] = [
  STATUS.pending,
  STATUS.approvalRequired,
  STATUS.approvedPendingPayment,
];

/** A cancellation, by the buyer only, before any order. */
const cancel: Act = (context, user, po) => {
  const { db } = context;
  if (po.creator_id !== user.customerId)
    return { error: actionErrors.notApprover('cancel', po.increment_id) };
  if (!moveStatus(db, po.entity_id, CANCELABLE, STATUS.canceled))
    return { error: actionErrors.notApplicable('canceled', po.increment_id) };
  log(db, po.entity_id, 'cancel', { increment_id: po.increment_id }, user.customerId);
  return { po: reread(context, po), mails: [] };
};

/** A validation of a purchase order left PENDING (Adobe: its queue was down); any other is answered as it is. */
const validateOne: Act = (context, _user, po) => {
  const { db } = context;
  if (po.status !== STATUS.pending) return { po, mails: [] };
  const creator = companyUser(db, po.creator_id);
  if (!creator) return { error: actionErrors.notApplicable('validated', po.increment_id) };
  if (validate(db, po, creator) === 'approval_required')
    return { po: reread(context, po), mails: [['approval_required']] };
  moveStatus(db, po.entity_id, [STATUS.pending], approvedStatus(po));
  const placed = OFFLINE_METHODS.has(po.payment_method)
    ? placeOrderOf(db, po, [STATUS.approved], context.checkout, null)
    : undefined;
  return {
    po: reread(context, po),
    mails: placed && 'orderId' in placed ? [['order_placed', placed.incrementId]] : [],
  };
};

export const approvePurchaseOrders = actOnEach(approve);
export const rejectPurchaseOrders = actOnEach(reject);
export const cancelPurchaseOrders = actOnEach(cancel);
export const validatePurchaseOrders = actOnEach(validateOne);
