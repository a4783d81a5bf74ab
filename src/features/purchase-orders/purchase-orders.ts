/**
 * The company's purchase orders and approval rules through the storefront server's /purchase-orders
 * routes, from the company pages' islands. A 401 means the session is over: the shopper is a guest again.
 */
import { $signedIn, sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import {
  changedAnswer,
  listAnswer,
  purchaseOrderAnswer,
  type ChangedAnswer,
  type ListKind,
} from './answer.ts';
import { PURCHASE_ORDERS_API as API } from './paths.ts';
import { approvalRule, rulesAnswer, type RuleBody } from './rules.ts';
import { z } from '../../magento/wire/zod.ts';

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

export const readPurchaseOrderList = (kind: ListKind) =>
  call(() => shopFetch(`${API}?list=${kind}`, { schema: listAnswer }));

export const readOnePurchaseOrder = (uid: string) =>
  call(() => shopFetch(`${API}/one?uid=${encodeURIComponent(uid)}`, { schema: purchaseOrderAnswer }));

export type PurchaseOrderStep = 'approve' | 'reject' | 'cancel' | 'comment' | 'place-order';

/** One step on a purchase order, with the comment that goes with it (required to reject or comment). */
export const takeStep = (step: PurchaseOrderStep, uid: string, comment = ''): Promise<ChangedAnswer> =>
  call(() => shopFetch(`${API}/${step}`, { method: 'POST', body: { uid, comment }, schema: changedAnswer }));

export const readApprovalRules = () =>
  call(() => shopFetch(`${API}/approval-rules`, { schema: rulesAnswer }));

/** Creates a rule, or (with its uid) changes it. */
export const saveApprovalRule = (rule: RuleBody, uid?: string) =>
  call(() =>
    shopFetch(`${API}/approval-rules`, {
      method: uid === undefined ? 'POST' : 'PUT',
      body: uid === undefined ? rule : { uid, rule },
      schema: approvalRule,
    }),
  );

export const deleteApprovalRule = (uid: string) =>
  call(() =>
    shopFetch(`${API}/approval-rules?uid=${encodeURIComponent(uid)}`, {
      method: 'DELETE',
      schema: z.object({ deleted: z.literal(true) }),
    }),
  );

const accessAnswer = z.object({ enabled: z.boolean(), rules: z.boolean(), company: z.boolean() });
export type PurchaseOrderAccess = z.infer<typeof accessAnswer>;

/**
 * Whether the signed-in customer's company approves its orders (the checkout then places a purchase order),
 * and whether they may see its approval rules; nothing for a guest.
 */
export const purchaseOrderAccess = async (): Promise<PurchaseOrderAccess> => {
  if (!$signedIn.get()) return { enabled: false, rules: false, company: false };
  return shopFetch(`${API}/access`, { schema: accessAnswer });
};

export const purchaseOrdersOn = async (): Promise<boolean> => (await purchaseOrderAccess()).enabled;
