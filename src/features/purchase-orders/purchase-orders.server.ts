/**
 * A company customer's purchase orders in Magento (B2B for Adobe Commerce's Magento_PurchaseOrder through
 * its documented GraphQL), as the storefront server reads and changes them: always with the token of the
 * customer asking, so Magento answers only what their company and role allow. Magento's failures come back
 * as `MagentoGraphqlError`; a refusal Magento words in an action's `errors` as `PurchaseOrderRefused`.
 */
import { magentoGraphql, MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  ADD_PURCHASE_ORDER_COMMENT,
  changePurchaseOrders,
  PLACE_ORDER_FOR_PURCHASE_ORDER,
  PLACE_PURCHASE_ORDER,
  READ_CUSTOMER_CART_ID,
  READ_PURCHASE_ORDER,
  readPurchaseOrders,
  type PurchaseOrderChange,
  type PurchaseOrdersActionWire,
} from '../../magento/wire/purchase-orders.ts';
import type { ListAnswer, ListKind, PlacedPurchaseOrder, PurchaseOrderAnswer } from './answer.ts';
import { toAnswer, toRow } from './to-answer.ts';

/** Why Magento would not do what was asked of a purchase order. */
export type PurchaseOrderRefusal = 'not-found' | 'not-applicable' | 'refused';

export class PurchaseOrderRefused extends Error {
  readonly reason: PurchaseOrderRefusal;
  /** Magento's own words. */
  readonly magentoMessage: string;
  constructor(reason: PurchaseOrderRefusal, magentoMessage: string) {
    super(`Purchase order refused: ${reason} (${magentoMessage})`);
    this.name = 'PurchaseOrderRefused';
    this.reason = reason;
    this.magentoMessage = magentoMessage;
  }
}

/** One list of purchase orders: the customer's own, those waiting for their approval, or the company's. */
export async function listPurchaseOrders(
  magento: MagentoGraphqlConfig,
  token: string,
  kind: ListKind,
): Promise<ListAnswer> {
  const data = await magentoGraphql(magento, readPurchaseOrders(kind), { token, variables: { page: 1 } });
  const items = data.customer?.purchase_orders?.items ?? [];
  return { kind, items: items.flatMap((item) => (item ? [toRow(item)] : [])) };
}

/** One purchase order; undefined when Magento has none by that uid for this customer. */
export async function readPurchaseOrder(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
): Promise<PurchaseOrderAnswer | undefined> {
  const data = await magentoGraphql(magento, READ_PURCHASE_ORDER, { token, variables: { uid } });
  const found = data.customer?.purchase_order;
  return found ? toAnswer(found) : undefined;
}

/** Adobe's `PurchaseOrderErrorType` in the storefront's words. */
function refusalOf(output: PurchaseOrdersActionWire): PurchaseOrderRefused | undefined {
  const error = output.errors.find((each) => each !== null);
  if (!error) return undefined;
  if (error.type === 'NOT_FOUND') return new PurchaseOrderRefused('not-found', error.message);
  if (error.type === 'OPERATION_NOT_APPLICABLE')
    return new PurchaseOrderRefused('not-applicable', error.message);
  return new PurchaseOrderRefused('refused', error.message);
}

/** Approves, rejects or cancels one purchase order; its status now. */
export async function changePurchaseOrder(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  change: PurchaseOrderChange,
): Promise<string> {
  const output = await magentoGraphql(magento, changePurchaseOrders(change), {
    token,
    variables: { uids: [uid] },
  });
  const refused = refusalOf(output);
  if (refused) throw refused;
  const changed = output.purchase_orders.find((each) => each?.uid === uid);
  if (!changed) throw new PurchaseOrderRefused('not-found', `No purchase order ${uid} came back`);
  return changed.status;
}

export async function addComment(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  comment: string,
): Promise<void> {
  await magentoGraphql(magento, ADD_PURCHASE_ORDER_COMMENT, { token, variables: { uid, comment } });
}

/** Places the order of an approved purchase order; the order's number. */
export async function placeOrderFor(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
): Promise<string> {
  const data = await magentoGraphql(magento, PLACE_ORDER_FOR_PURCHASE_ORDER, { token, variables: { uid } });
  return data.placeOrderForPurchaseOrder.order.number;
}

/** Back ends (by base URL) whose GraphQL has no `customerCart`: they name a customer's cart by its quote id. */
const withoutCustomerCart = new Set<string>();

/**
 * The cart's id as `placePurchaseOrder` takes it: Adobe's masked id (`customerCart { id }`), or, on a back
 * end without `customerCart` (the embedded one reads carts over REST), Magento's quote id.
 */
async function graphqlCartId(magento: MagentoGraphqlConfig, token: string, quoteId: number): Promise<string> {
  if (withoutCustomerCart.has(magento.baseUrl)) return String(quoteId);
  try {
    return (await magentoGraphql(magento, READ_CUSTOMER_CART_ID, { token })).customerCart.id;
  } catch (error) {
    if (!(
      error instanceof MagentoGraphqlError &&
      /Cannot query field "customerCart"/.test(error.magentoMessage ?? '')
    ))
      throw error;
    withoutCustomerCart.add(magento.baseUrl);
    return String(quoteId);
  }
}

/**
 * Makes the customer's active cart (Magento's quote id) a purchase order, its payment method chosen already:
 * on account with the buyer's reference. Magento approves it at once when no rule applies, and may place
 * its order then.
 */
export async function placePurchaseOrder(
  magento: MagentoGraphqlConfig,
  token: string,
  quoteId: number,
): Promise<PlacedPurchaseOrder> {
  const cartId = await graphqlCartId(magento, token, quoteId);
  const data = await magentoGraphql(magento, PLACE_PURCHASE_ORDER, { token, variables: { cartId } });
  const placed = data.placePurchaseOrder.purchase_order;
  return {
    uid: placed.uid,
    number: placed.number,
    status: placed.status,
    order: placed.order?.number ?? null,
  };
}
