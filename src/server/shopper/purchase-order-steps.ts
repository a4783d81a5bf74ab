/**
 * The steps a customer takes on one purchase order through the routes (purchase-orders.ts): approve,
 * reject, cancel, comment, place its order. Each is checked against what Magento says the customer may do
 * with it now (`available_actions`, which Magento works out from their role and the approval rules):
 * a buyer whose role may not approve is refused here with a clear line, before Magento refuses too. The
 * comment goes first, so it stands in the history beside the step it explains. An order is placed for a
 * purchase order once: one lock among every replica, and a purchase order that has its order already
 * answers it again.
 */
import { z } from 'zod';
import {
  purchaseOrderTexts as t,
  type Action,
  type ChangedAnswer,
} from '../../features/purchase-orders/index.ts';
import {
  addComment,
  changePurchaseOrder,
  placeOrderFor,
  readPurchaseOrder,
} from '../../features/purchase-orders/index.server.ts';
import type { PurchaseOrderAnswer } from '../../features/purchase-orders/index.ts';
import { HttpError } from '../../http/index.ts';
import type { PurchaseOrderRoutesConfig } from './purchase-order-config.ts';

export const STEP_NAMES = ['approve', 'reject', 'cancel', 'comment', 'place-order'] as const;
export type StepName = (typeof STEP_NAMES)[number];

const MAX_COMMENT = 1000;
export const stepBody = z.object({
  uid: z.string().regex(/^[A-Za-z0-9+/=_-]{1,64}$/),
  comment: z
    .string()
    .max(MAX_COMMENT * 4)
    .default(''),
});
type StepBody = z.infer<typeof stepBody>;

type Change = 'approvePurchaseOrders' | 'rejectPurchaseOrders' | 'cancelPurchaseOrders';
interface Step {
  readonly action?: Action;
  readonly change?: Change;
  /** The line a step without its comment gets. */
  readonly needsComment?: string;
}

const STEPS: Readonly<Record<StepName, Step>> = {
  approve: { action: 'APPROVE', change: 'approvePurchaseOrders' },
  reject: { action: 'REJECT', change: 'rejectPurchaseOrders', needsComment: t.rejectNeedsComment },
  cancel: { action: 'CANCEL', change: 'cancelPurchaseOrders' },
  comment: { needsComment: t.commentRequired },
  'place-order': { action: 'PLACE_ORDER' },
};

const WAITING = new Set(['APPROVAL_REQUIRED', 'PENDING']);

/** Why the customer may not take a step Magento does not offer them now. */
function refusal(action: Action, order: PurchaseOrderAnswer): HttpError {
  if (action === 'APPROVE' || action === 'REJECT')
    return WAITING.has(order.status)
      ? new HttpError(403, t.cannotApprove)
      : new HttpError(409, t.notApplicable);
  return new HttpError(409, action === 'CANCEL' ? t.cannotCancel : t.cannotPlace);
}

async function read(config: PurchaseOrderRoutesConfig, token: string, uid: string) {
  const found = await readPurchaseOrder(config.magento, token, uid);
  if (!found) throw new HttpError(404, t.notFound);
  return found;
}

/** Places the purchase order's order once; its number. */
async function placeOnce(config: PurchaseOrderRoutesConfig, token: string, uid: string): Promise<string> {
  const held = await config.lock(`purchase-order:${uid}`);
  if (!held) throw new HttpError(409, t.busy);
  try {
    const now = await read(config, token, uid);
    return now.order ?? (await placeOrderFor(config.magento, token, uid));
  } finally {
    await held.release();
  }
}

function commentOf(step: Step, body: StepBody): string {
  const comment = body.comment.trim();
  if (step.needsComment !== undefined && comment === '') throw new HttpError(400, step.needsComment);
  if ([...comment].length > MAX_COMMENT) throw new HttpError(400, t.commentTooLong(MAX_COMMENT));
  return comment;
}

async function run(
  config: PurchaseOrderRoutesConfig,
  token: string,
  name: StepName,
  body: StepBody,
): Promise<ChangedAnswer> {
  const step = STEPS[name];
  const comment = commentOf(step, body);
  const { uid } = body;
  const before = await read(config, token, uid);
  if (step.action && !before.actions.includes(step.action)) throw refusal(step.action, before);
  if (comment !== '') await addComment(config.magento, token, uid, comment);
  if (step.change) await changePurchaseOrder(config.magento, token, uid, step.change);
  let after = await read(config, token, uid);
  // Approved and Magento lets this customer place it (on account: nothing left to pay), or asked to.
  const place = name === 'place-order' || (name === 'approve' && after.actions.includes('PLACE_ORDER'));
  if (place && !after.order) {
    await placeOnce(config, token, uid);
    after = await read(config, token, uid);
  }
  return { purchaseOrder: after, placed: name === 'approve' || name === 'place-order' ? after.order : null };
}

export const takeStep = { read, run };
