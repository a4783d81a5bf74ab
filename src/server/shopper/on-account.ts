/**
 * Paying on account (issue 38) as a same-origin JSON route of the storefront server:
 *
 * - `POST /checkout/on-account` `{poNumber}` → 201 `{order: "000000123"}`: the session customer's cart is
 *   placed with Magento's `purchaseorder` method (payments/on-account.ts), once. 400 without a number (or
 *   one Magento refuses), 403 when Magento does not offer the method to the customer, 409 for an empty
 *   cart, one without delivery, or one whose order is being placed already.
 *
 * When the customer's company uses purchase orders (issue 68, B2B for Adobe Commerce), the same call places a
 * purchase order instead: 201 `{purchaseOrder: {uid, number, status, order}}` (`order` set when no rule held
 * it and Magento placed the order at once), and the order follows once an approver approves it.
 *
 * No session: 401; a session Magento no longer accepts: 401 and the cookie goes. Magento down: 503 and the
 * basket is kept.
 */
import { shellTexts } from '../../features/shell/index.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_PO_NUMBER } from '../../payments/po-number.ts';
import { PaymentRefused } from '../../payments/checks.ts';
import {
  OnAccountRefused,
  placeOnAccount,
  submitOnAccount,
  type OnAccountDeps,
  type OnAccountRefusal,
} from '../../payments/on-account.ts';
import { MagentoGraphqlError } from '../../magento/graphql.ts';
import {
  customerSession,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
  SessionEnded,
} from '../../http/index.ts';
import { MagentoApiError } from '../../magento/client.ts';
import { tradeAccountTexts as t } from '../../features/trade/index.ts';

/** A company's purchase orders (features/purchase-orders, composed in routes.ts): whether the customer's are on, and placing one. */
export interface PurchaseOrderCheckout {
  enabled(token: string): Promise<boolean>;
  /** Makes the cart (Magento's quote id) a purchase order. */
  place(token: string, cartId: number): Promise<unknown>;
}

export interface OnAccountRoutesConfig extends OnAccountDeps {
  readonly siteUrl: string;
  readonly purchaseOrders?: PurchaseOrderCheckout | undefined;
  readonly log?: (message: string) => void;
}

const BAD_BODY = `Send {"poNumber": "…"}: your purchase order number, up to ${MAX_PO_NUMBER} characters.`;
const body = z.object({ poNumber: z.string().max(1024) });

const REFUSALS: Readonly<Record<OnAccountRefusal, [number, string]>> = {
  empty: [409, t.empty],
  'no-delivery': [409, t.noDelivery],
  busy: [409, t.busy],
  'not-allowed': [403, t.notAllowed],
};

function refusal(error: OnAccountRefused): HttpError {
  // Magento's refusal of the number itself (`Purchaseorder::validate`) is the shopper's to read.
  if (error.reason === 'not-allowed' && error.magentoMessage && /purchase order/i.test(error.magentoMessage))
    return new HttpError(400, error.magentoMessage);
  const [status, message] = REFUSALS[error.reason];
  return new HttpError(status, message);
}

/** Magento's GraphQL answers to a purchase order (issue 68) as the shopper reads them. */
function graphqlRefusal(error: MagentoGraphqlError): Error {
  if (error.kind === 'unauthorized') return new SessionEnded(shellTexts.sessionEnded);
  if (error.kind === 'refused' && error.magentoMessage) return new HttpError(400, error.magentoMessage);
  return error;
}

/** `POST /checkout/on-account`: the customer's cart placed with their purchase order number. */
async function placeOrder(config: OnAccountRoutesConfig, token: string | undefined, typed: string) {
  if (!token) throw new HttpError(401, t.signIn);
  const poNumber = typed.trim();
  if (poNumber === '') throw new HttpError(400, t.poRequired);
  if ([...poNumber].length > MAX_PO_NUMBER)
    throw new HttpError(400, t.poTooLong(MAX_PO_NUMBER, [...poNumber].length));
  try {
    const { purchaseOrders } = config;
    if (purchaseOrders && (await purchaseOrders.enabled(token))) {
      const purchaseOrder = await submitOnAccount(config, token, poNumber, (cartId) =>
        purchaseOrders.place(token, cartId),
      );
      return jsonReply(201, { purchaseOrder });
    }
    const order = await placeOnAccount(config, token, poNumber);
    return jsonReply(201, { order });
  } catch (error) {
    if (error instanceof MagentoGraphqlError) throw graphqlRefusal(error);
    if (error instanceof OnAccountRefused) throw refusal(error);
    if (error instanceof PaymentRefused) throw new HttpError(error.refusal.status, error.refusal.message);
    if (error instanceof MagentoApiError && error.status === 401)
      throw new SessionEnded(shellTexts.sessionEnded);
    // No active cart for the customer: the order was placed already, or the basket emptied.
    if (error instanceof MagentoApiError && error.status === 404)
      throw refusal(new OnAccountRefused('empty'));
    throw error;
  }
}

export function createOnAccountRoutes(config: OnAccountRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { siteUrl } = config;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Order on account failed: ${errorMessage(error)}`);
      return new HttpError(503, t.cannotPlace);
    }),
  );

  routes.post(
    '/checkout/on-account',
    sameOrigin(siteUrl),
    limitBody(4096),
    jsonOnly,
    jsonBody(body, BAD_BODY),
    customerSession({ siteUrl }),
    (c) => placeOrder(config, c.var.customerToken, c.req.valid('json').poNumber),
  );
  routes.all('/checkout/on-account', methodNotAllowed('POST'));
  return routes;
}
