/**
 * A customer's own orders and the guest order lookup (DESIGN.md §1, "orders"), as same-origin JSON routes.
 * Magento lets no customer token read orders, so they are read with the integration token
 * (features/orders/orders.server.ts), narrowed to the customer Magento names for the session's own token;
 * the browser never names a customer, and another customer's order number is the same Not Found as a
 * number that does not exist. Answers are never cached.
 *
 * - `GET /orders/mine?page=&size=` → a page of the customer's orders, newest first (OrdersPage)
 * - `GET /orders/mine/:number` → one order (OrderDetail); 404 when it is not theirs. A click & collect
 *   order carries `collection`: its point (name, address, phone, hours, map), where it stands (awaiting,
 *   ready, collected, cancelled), how long it is kept and what to bring; so does the guest's lookup.
 * - `POST /orders/lookup` `{number, email, postcode}` → the order whose number, billing e-mail and billing
 *   postcode all match (OrderDetail); 404 "We could not find an order with those details" whatever was
 *   wrong. Failures are counted per client and per order number: after 5 in 15 minutes, 429 with the wait.
 * - `GET /orders/mine/:number/invoices/:invoice` → the VAT invoice (PDF) of one of the customer's orders'
 *   invoices (issue 38); 404 when the order is not theirs or has no such invoice.
 * - `POST /orders/lookup/invoice` `{number, email, postcode, invoice}` → the same for a guest's order, found
 *   and counted exactly as the lookup.
 *
 * No session: 401. Magento ran `customers/me` as nobody (expired or revoked token): 401, and the session
 * cookie goes, as the /rest proxy does. Magento down or unreadable: 503 with a line that says so.
 */
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import {
  invoiceFileName,
  MAX_ORDERS_PAGE_SIZE,
  orderNumberOf,
  ORDERS_PAGE_SIZE,
} from '../../features/orders/index.ts';
import { vatInvoicePdf } from '../../features/invoices/index.server.ts';
import type { Seller } from '../../features/invoices/index.ts';
import {
  customerIdOf,
  customerOrder,
  customerOrderWire,
  guestOrder,
  guestOrderWire,
  listOrders,
  type OrderCollections,
  type OrderPayments,
  type OrdersMagento,
} from '../../features/orders/index.server.ts';
import {
  clientAddress,
  customerSession,
  errorMessage,
  FailureCounter,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  signedIn,
  tooManyAttempts,
  type FailureLimit,
  type TrustedProxies,
} from '../../http/index.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { strings } from '../../strings.ts';

export interface OrderLimits {
  readonly perClient: FailureLimit;
  readonly perOrder: FailureLimit;
}

/** Failed lookups allowed before a wait: per client address, and per order number whoever asks. */
export const ORDER_LOOKUP_LIMITS: OrderLimits = {
  perClient: { failures: 5, windowSeconds: 15 * 60 },
  perOrder: { failures: 5, windowSeconds: 15 * 60 },
};

export interface OrdersRoutesConfig {
  /** Magento with the integration token: orders are read with it, never with the shopper's. */
  readonly magento: OrdersMagento;
  readonly siteUrl: string;
  readonly trustedProxies: TrustedProxies;
  readonly limits?: OrderLimits;
  /** Where failed lookups are counted for every replica; without one, in this process. */
  readonly store?: SharedStore | undefined;
  /** Who sells: the seller on every VAT invoice. */
  readonly seller: Seller;
  /** How the payment bridge says each order was paid, and what was refunded. */
  readonly payments?: OrderPayments | undefined;
  /** Where a click & collect order is collected: the point's address, hours, what to bring (issue 55). */
  readonly collections?: OrderCollections | undefined;
  readonly log?: (message: string) => void;
}

const t = strings.orders;

export const ORDERS_TEXTS = {
  signIn: 'Please sign in to see your orders.',
  unavailable: t.unavailable,
  notFound: t.notFound,
  lookupFailed: t.lookupFailed,
  lookupMissing: t.lookupMissing,
  badPage: `Ask for a page as ?page=1 (and ?size=1 to ${MAX_ORDERS_PAGE_SIZE}).`,
  invoiceNotFound: t.invoiceNotFound,
} as const;

const MAX_BODY = 4 * 1024;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_ORDERS_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
});
/**
 * The page asked for; 400 before anything else is looked at (the session too). Read as `c.req.query()`
 * reads it (a key given twice counts once, its first value), not as an array.
 */
const pageAsked = validator('query', (_value, c) => {
  const asked = pageQuery.safeParse(c.req.query());
  if (!asked.success) throw new HttpError(400, ORDERS_TEXTS.badPage);
  return asked.data;
});

const lookupBody = z.object({
  number: z.string().max(64),
  email: z.string().trim().min(3).max(254),
  postcode: z.string().trim().min(1).max(20),
});
const invoiceLookupBody = lookupBody.extend({ invoice: z.string().max(64) });
type LookupBody = z.infer<typeof lookupBody>;

/** What the handlers use: Magento, the seller on invoices, and the guest lookups' counts. */
interface OrdersDeps {
  readonly magento: OrdersMagento;
  readonly payments: OrderPayments | undefined;
  readonly collections: OrderCollections | undefined;
  readonly seller: Seller;
  readonly trustedProxies: TrustedProxies;
  readonly perClient: FailureCounter;
  readonly perOrder: FailureCounter;
}

/** A VAT invoice as a download, never cached (private: customerSession). */
function pdfReply(pdf: Uint8Array, invoice: string): Response {
  // A copy on its own ArrayBuffer, as a Response body must be (8–60 KB: nothing to measure).
  return new Response(pdf.slice(), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
    },
  });
}

/** `GET /orders/mine`: a page of the customer's orders, newest first. */
async function listMine(
  deps: OrdersDeps,
  token: string,
  { page, size }: z.infer<typeof pageQuery>,
): Promise<Response> {
  const customerId = await customerIdOf(deps.magento, token);
  return jsonReply(200, await listOrders(deps.magento, customerId, page, size));
}

/** `GET /orders/mine/:number`: one of the customer's orders; 404 when it is not theirs. */
async function showMine(deps: OrdersDeps, token: string, typed: string): Promise<Response> {
  const customerId = await customerIdOf(deps.magento, token);
  const number = orderNumberOf(typed);
  const order =
    number === undefined ? undefined : await customerOrder(deps.magento, customerId, number, deps);
  if (!order) throw new HttpError(404, ORDERS_TEXTS.notFound);
  return jsonReply(200, order);
}

/** `GET /orders/mine/:number/invoices/:invoice`: the VAT invoice of one of the customer's orders. */
async function invoiceOfMine(
  deps: OrdersDeps,
  token: string,
  typed: { number: string; invoice: string },
): Promise<Response> {
  const customerId = await customerIdOf(deps.magento, token);
  const number = orderNumberOf(typed.number);
  const invoice = orderNumberOf(typed.invoice);
  const order = number === undefined ? undefined : await customerOrderWire(deps.magento, customerId, number);
  const pdf = order && invoice && (await vatInvoicePdf(deps.magento, deps.seller, order, invoice));
  if (!pdf || !invoice) throw new HttpError(404, ORDERS_TEXTS.invoiceNotFound);
  return pdfReply(pdf, invoice);
}

/**
 * A guest's lookup, counted as failed when nothing matches: `find` gets the order number as typed (tidied)
 * and answers what was found, or undefined for "not found".
 */
async function guestLookup<T>(
  c: Context,
  deps: OrdersDeps,
  typed: string,
  find: (number: string) => Promise<T | undefined>,
): Promise<T> {
  const client = clientAddress(c, deps.trustedProxies);
  const number = orderNumberOf(typed);
  const orderKey = (number ?? typed.trim()).toUpperCase();
  const wait = Math.max(await deps.perClient.waitFor(client), await deps.perOrder.waitFor(orderKey));
  if (wait > 0) throw tooManyAttempts(t.tooManyLookups, wait);
  const found = number === undefined ? undefined : await find(number);
  if (found === undefined) {
    await deps.perClient.failed(client);
    await deps.perOrder.failed(orderKey);
    throw new HttpError(404, ORDERS_TEXTS.lookupFailed);
  }
  return found;
}

/** `POST /orders/lookup`: the order whose number, billing e-mail and postcode all match. */
async function lookUp(c: Context, deps: OrdersDeps, body: LookupBody): Promise<Response> {
  const { number: typed, email, postcode } = body;
  const order = await guestLookup(c, deps, typed, (number) =>
    guestOrder(deps.magento, { number, email, postcode }, deps),
  );
  return jsonReply(200, order);
}

/** `POST /orders/lookup/invoice`: a VAT invoice of the order found as the lookup finds it. */
async function lookUpInvoice(
  c: Context,
  deps: OrdersDeps,
  body: LookupBody & { invoice: string },
): Promise<Response> {
  const { number: typed, email, postcode, invoice: typedInvoice } = body;
  const invoice = orderNumberOf(typedInvoice);
  const pdf = await guestLookup(c, deps, typed, async (number) => {
    const order = await guestOrderWire(deps.magento, { number, email, postcode });
    return order && invoice ? vatInvoicePdf(deps.magento, deps.seller, order, invoice) : undefined;
  });
  return pdfReply(pdf, invoice ?? typedInvoice);
}

function ordersDeps(config: OrdersRoutesConfig): OrdersDeps {
  const limits = config.limits ?? ORDER_LOOKUP_LIMITS;
  const { store } = config;
  return {
    magento: config.magento,
    payments: config.payments,
    collections: config.collections,
    seller: config.seller,
    trustedProxies: config.trustedProxies,
    perClient: new FailureCounter(limits.perClient, { name: 'order-lookup-client', store }),
    perOrder: new FailureCounter(limits.perOrder, { name: 'order-lookup-number', store }),
  };
}

export function createOrdersRoutes(config: OrdersRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { siteUrl } = config;
  const deps = ordersDeps(config);
  // Guests' lookups have no session to read, but their answers are as private as a customer's.
  const session = customerSession({ siteUrl });
  const mine = [notCrossSite(siteUrl), session] as const;
  const lookup = [sameOrigin(siteUrl), limitBody(MAX_BODY), jsonOnly] as const;
  const signIn = signedIn(ORDERS_TEXTS.signIn);

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Orders failed: ${errorMessage(error)}`);
      return new HttpError(503, ORDERS_TEXTS.unavailable);
    }),
  );
  routes.get('/orders/mine', ...mine, pageAsked, signIn, (c) =>
    listMine(deps, c.var.customerToken, c.req.valid('query')),
  );
  routes.get('/orders/mine/:number', ...mine, signIn, (c) =>
    showMine(deps, c.var.customerToken, c.req.param('number')),
  );
  routes.get('/orders/mine/:number/invoices/:invoice', ...mine, signIn, (c) =>
    invoiceOfMine(deps, c.var.customerToken, c.req.param()),
  );
  routes.post('/orders/lookup', ...lookup, jsonBody(lookupBody, ORDERS_TEXTS.lookupMissing), session, (c) =>
    lookUp(c, deps, c.req.valid('json')),
  );
  routes.post(
    '/orders/lookup/invoice',
    ...lookup,
    jsonBody(invoiceLookupBody, ORDERS_TEXTS.lookupMissing),
    session,
    (c) => lookUpInvoice(c, deps, c.req.valid('json')),
  );
  routes.all('/orders/mine', methodNotAllowed('GET, HEAD'));
  routes.all('/orders/mine/:number', methodNotAllowed('GET, HEAD'));
  routes.all('/orders/lookup', methodNotAllowed('POST'));
  routes.all('/orders/lookup/invoice', methodNotAllowed('POST'));
  routes.all('/orders/mine/:number/invoices/:invoice', methodNotAllowed('GET, HEAD'));
  return routes;
}
