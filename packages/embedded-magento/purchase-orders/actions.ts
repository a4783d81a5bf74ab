/**
 * The mutations acting on purchase orders by uid (`PurchaseOrdersActionInput` → `PurchaseOrdersActionOutput`):
 * approve, reject, cancel and validate, as Adobe's `PurchaseOrderActionResolver` answers them. Each purchase
 * order is handled in its own transaction; a uid naming none (or one of another company) is a NOT_FOUND entry
 * of `errors[]`, one not in a state for the action or that the customer may not act on
 * (`authority.ts`: its creator may not approve it) an OPERATION_NOT_APPLICABLE one, and the others are
 * answered in `purchase_orders`. The e-mails of the steps go after the transaction.
 */
import { z } from 'zod';
import { companyUser, type CompanyUser } from '../company/index.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { actingUser } from './access.ts';
import { approvedStatus, pendingRows, recordApproval, recordRejection, validate } from './approval.ts';
import { isDeferredPayment, mayAnswer, mayCancel, READY } from './authority.ts';
import { actionErrors, type ActionError, type ActionName } from './errors.ts';
import type { PurchaseOrderMailKind } from './mail.ts';
import { purchaseOrderNode } from './nodes.ts';
import { notify } from './notify.ts';
import { placeOrderOf } from './ordering.ts';
import {
  decodedText,
  decodeUid,
  isBase64,
  log,
  moveStatus,
  purchaseOrderById,
  STATUS,
  type PurchaseOrderRow,
  type Status,
} from './store.ts';

const uidsInput = z.object({ input: z.object({ purchase_order_uids: z.array(z.string().nullable()) }) });

/** An e-mail owed: its kind and detail (the rejection's comment, the placed order's number). */
type Mail = readonly [PurchaseOrderMailKind, (string | undefined)?];

/** What acting on one purchase order ended in: an error entry, or the row with the e-mails it owes. */
type Outcome =
  { readonly error: ActionError } | { readonly po: PurchaseOrderRow; readonly mails: readonly Mail[] };

type Act = (context: GraphQlContext, user: CompanyUser, po: PurchaseOrderRow) => Outcome;

/** The company's purchase order a uid names (another company's is none, to this customer). */
function companyPurchaseOrder(context: GraphQlContext, user: CompanyUser, uid: string) {
  const id = decodeUid(uid);
  const po = id === undefined ? undefined : purchaseOrderById(context.db, id);
  return po?.company_id === user.companyId ? po : undefined;
}

/** The error entry for a uid that names none of the company's purchase orders, in the action's words. */
function missing(action: ActionName | 'validate', uid: string): ActionError {
  if (action === 'validate')
    return isBase64(uid) ? actionErrors.validateNotFound(decodedText(uid)) : actionErrors.validateBadUid(uid);
  return isBase64(uid) ? actionErrors.notFound(action, uid) : actionErrors.undefined(action, uid);
}

/** Runs `act` on each purchase order the input names, then sends the e-mails owed. */
function actOnEach(action: ActionName | 'validate', act: Act) {
  return async (args: unknown, context: GraphQlContext) => {
    const user = actingUser(context);
    const { db } = context;
    const errors: ActionError[] = [];
    const done: Extract<Outcome, { po: unknown }>[] = [];
    for (const uid of uidsInput.parse(args).input.purchase_order_uids) {
      const outcome = db.transaction((): Outcome => {
        const po = companyPurchaseOrder(context, user, uid ?? '');
        return po ? act(context, user, po) : { error: missing(action, uid ?? '') };
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

/** Whether the action may start: the purchase order's state, then the user's say in it. */
function mayAct(context: GraphQlContext, user: CompanyUser, po: PurchaseOrderRow, action: ActionName) {
  const { db } = context;
  if (!READY[action].includes(po.status)) return false;
  if (action === 'cancel') return mayCancel(db, user, po);
  return mayAnswer(db, user, po, pendingRows(db, po.entity_id));
}

/**
 * An approved purchase order moved on (APPROVED, or APPROVED_PENDING_PAYMENT), and, paid offline, its
 * order placed as Adobe's `purchaseorder.toorder` consumer places it; the e-mails it owes.
 */
function approved(
  context: GraphQlContext,
  po: PurchaseOrderRow,
  from: readonly Status[],
  actor: number | null,
): Mail[] | undefined {
  const { db } = context;
  if (!moveStatus(db, po.entity_id, from, approvedStatus(po))) return undefined;
  if (isDeferredPayment(po)) return [];
  const placed = placeOrderOf(db, po, [STATUS.approved], context.checkout, actor);
  return placed && 'orderId' in placed ? [['order_placed', placed.incrementId]] : [];
}

/** An approval; the last one (or a super approver's) approves the purchase order and, paid offline, orders it. */
const approve: Act = (context, user, po) => {
  const { db } = context;
  if (!mayAct(context, user, po, 'approve'))
    return { error: actionErrors.notApplicable('approve', po.increment_id) };
  const final = recordApproval(db, user, po);
  log(db, po.entity_id, 'approve', { increment_id: po.increment_id }, user.customerId);
  if (!final) return { po: reread(context, po), mails: [] };
  const placed = approved(context, po, READY.approve, user.customerId);
  if (!placed) return { error: actionErrors.notApplicable('approve', po.increment_id) };
  return { po: reread(context, po), mails: [['approved'], ...placed] };
};

const lastComment = z.object({ comment: z.string() });

/** A rejection: final at once, the buyer told with the approver's last comment. */
const reject: Act = (context, user, po) => {
  const { db } = context;
  if (!mayAct(context, user, po, 'reject'))
    return { error: actionErrors.notApplicable('reject', po.increment_id) };
  recordRejection(db, user, po);
  if (!moveStatus(db, po.entity_id, READY.reject, STATUS.rejected))
    return { error: actionErrors.notApplicable('reject', po.increment_id) };
  log(db, po.entity_id, 'reject', { increment_id: po.increment_id }, user.customerId);
  const comment = db.get(
    lastComment,
    'SELECT comment FROM purchase_order_comment WHERE purchase_order_id = ? AND creator_id = ? ORDER BY entity_id DESC LIMIT 1',
    po.entity_id,
    user.customerId,
  );
  return { po: reread(context, po), mails: [['rejected', comment?.comment]] };
};

/** A cancellation, by the buyer or one above them, before any order. */
const cancel: Act = (context, user, po) => {
  const { db } = context;
  if (!mayAct(context, user, po, 'cancel') || !moveStatus(db, po.entity_id, READY.cancel, STATUS.canceled))
    return { error: actionErrors.notApplicable('cancel', po.increment_id) };
  log(db, po.entity_id, 'cancel', { increment_id: po.increment_id }, user.customerId);
  return { po: reread(context, po), mails: [] };
};

/** A validation of a purchase order left PENDING (Adobe: its queue was down); any other is answered as it is. */
const validateOne: Act = (context, _user, po) => {
  const { db } = context;
  if (po.status !== STATUS.pending) return { po, mails: [] };
  const creator = companyUser(db, po.creator_id);
  if (!creator) return { error: actionErrors.notValidated(po.increment_id) };
  if (validate(db, po, creator) === 'approval_required')
    return { po: reread(context, po), mails: [['approval_required']] };
  return { po: reread(context, po), mails: approved(context, po, [STATUS.pending], null) ?? [] };
};

export const approvePurchaseOrders = actOnEach('approve', approve);
export const rejectPurchaseOrders = actOnEach('reject', reject);
export const cancelPurchaseOrders = actOnEach('cancel', cancel);
export const validatePurchaseOrders = actOnEach('validate', validateOne);
