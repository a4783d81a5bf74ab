/**
 * A customer's own orders and the guest order lookup (DESIGN.md §1, "orders"), as same-origin JSON routes.
 * Magento lets no customer token read orders, so they are read with the integration token
 * (features/orders/orders.server.ts), narrowed to the customer Magento names for the session's own token;
 * the browser never names a customer, and another customer's order number is the same Not Found as a
 * number that does not exist. Answers are never cached.
 *
 * - `GET /orders/mine?page=&size=` → a page of the customer's orders, newest first (OrdersPage)
 * - `GET /orders/mine/:number` → one order (OrderDetail); 404 when it is not theirs
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
import { z } from 'zod';
import {
  invoiceFileName,
  MAX_ORDERS_PAGE_SIZE,
  orderNumberOf,
  ORDERS_PAGE_SIZE,
} from '../../features/orders/order.ts';
import { vatInvoicePdf } from '../../features/orders/order-invoices.server.ts';
import type { Seller } from '../../features/invoices/vat-invoice.ts';
import {
  customerIdOf,
  customerOrder,
  customerOrderWire,
  guestOrder,
  guestOrderWire,
  listOrders,
  SessionEnded,
  type OrdersMagento,
} from '../../features/orders/orders.server.ts';
import {
  clearSessionCookie,
  clientAddress,
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
  tooManyAttempts,
  wellFormedSessionToken,
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
  readonly log?: (message: string) => void;
}

const t = strings.orders;

export const ORDERS_TEXTS = {
  signIn: 'Please sign in to see your orders.',
  sessionEnded: strings.shopper.sessionEnded,
  unavailable: t.unavailable,
  notFound: t.notFound,
  lookupFailed: t.lookupFailed,
  lookupMissing: t.lookupMissing,
  badPage: `Ask for a page as ?page=1 (and ?size=1 to ${MAX_ORDERS_PAGE_SIZE}).`,
  invoiceNotFound: t.invoiceNotFound,
} as const;

const PRIVATE = { 'Cache-Control': 'private, no-store' } as const;
const MAX_BODY = 4 * 1024;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_ORDERS_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
});

const lookupBody = z.object({
  number: z.string().max(64),
  email: z.string().trim().min(3).max(254),
  postcode: z.string().trim().min(1).max(20),
});
const invoiceLookupBody = lookupBody.extend({ invoice: z.string().max(64) });

/** A VAT invoice as a download, never cached. */
function pdfReply(pdf: Uint8Array, invoice: string): Response {
  // A copy on its own ArrayBuffer, as a Response body must be (8–60 KB: nothing to measure).
  return new Response(pdf.slice(), {
    status: 200,
    headers: {
      ...PRIVATE,
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
    },
  });
}

export function createOrdersRoutes(config: OrdersRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const limits = config.limits ?? ORDER_LOOKUP_LIMITS;
  const perClient = new FailureCounter(limits.perClient, {
    name: 'order-lookup-client',
    store: config.store,
  });
  const perOrder = new FailureCounter(limits.perOrder, { name: 'order-lookup-number', store: config.store });

  const ended = (message: string) =>
    new HttpError(401, message, { ...PRIVATE, 'Set-Cookie': clearSessionCookie(siteUrl) });

  /** The customer Magento names for the session's token: the only one whose orders this request sees. */
  async function customerOf(c: Context): Promise<number> {
    const token = wellFormedSessionToken(c);
    if (!token) throw ended(ORDERS_TEXTS.signIn);
    try {
      return await customerIdOf(magento, token);
    } catch (error) {
      if (error instanceof SessionEnded) throw ended(ORDERS_TEXTS.sessionEnded);
      throw error;
    }
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Orders failed: ${errorMessage(error)}`);
      return new HttpError(503, ORDERS_TEXTS.unavailable, PRIVATE);
    }),
  );

  routes.get('/orders/mine', notCrossSite(siteUrl), async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) throw new HttpError(400, ORDERS_TEXTS.badPage, PRIVATE);
    const customerId = await customerOf(c);
    const { page, size } = query.data;
    return jsonReply(200, await listOrders(magento, customerId, page, size), PRIVATE);
  });

  routes.get('/orders/mine/:number', notCrossSite(siteUrl), async (c) => {
    const customerId = await customerOf(c);
    const number = orderNumberOf(c.req.param('number'));
    const order = number === undefined ? undefined : await customerOrder(magento, customerId, number);
    if (!order) throw new HttpError(404, ORDERS_TEXTS.notFound, PRIVATE);
    return jsonReply(200, order, PRIVATE);
  });

  routes.get('/orders/mine/:number/invoices/:invoice', notCrossSite(siteUrl), async (c) => {
    const customerId = await customerOf(c);
    const number = orderNumberOf(c.req.param('number'));
    const invoice = orderNumberOf(c.req.param('invoice'));
    const order = number === undefined ? undefined : await customerOrderWire(magento, customerId, number);
    const pdf = order && invoice && (await vatInvoicePdf(magento, config.seller, order, invoice));
    if (!pdf || !invoice) throw new HttpError(404, ORDERS_TEXTS.invoiceNotFound, PRIVATE);
    return pdfReply(pdf, invoice);
  });

  /**
   * A guest's lookup, counted as failed when nothing matches: `find` gets the order number as typed (tidied)
   * and answers what was found, or undefined for "not found".
   */
  async function guestLookup<T>(
    c: Context,
    typed: string,
    find: (number: string) => Promise<T | undefined>,
  ): Promise<T> {
    const client = clientAddress(c, config.trustedProxies);
    const number = orderNumberOf(typed);
    const orderKey = (number ?? typed.trim()).toUpperCase();
    const wait = Math.max(await perClient.waitFor(client), await perOrder.waitFor(orderKey));
    if (wait > 0) throw tooManyAttempts(t.tooManyLookups, wait, PRIVATE);
    const found = number === undefined ? undefined : await find(number);
    if (found === undefined) {
      await perClient.failed(client);
      await perOrder.failed(orderKey);
      throw new HttpError(404, ORDERS_TEXTS.lookupFailed, PRIVATE);
    }
    return found;
  }

  routes.post(
    '/orders/lookup',
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(lookupBody, ORDERS_TEXTS.lookupMissing),
    async (c) => {
      const { number: typed, email, postcode } = c.req.valid('json');
      const order = await guestLookup(c, typed, (number) => guestOrder(magento, { number, email, postcode }));
      return jsonReply(200, order, PRIVATE);
    },
  );

  routes.post(
    '/orders/lookup/invoice',
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(invoiceLookupBody, ORDERS_TEXTS.lookupMissing),
    async (c) => {
      const { number: typed, email, postcode, invoice: typedInvoice } = c.req.valid('json');
      const invoice = orderNumberOf(typedInvoice);
      const pdf = await guestLookup(c, typed, async (number) => {
        const order = await guestOrderWire(magento, { number, email, postcode });
        return order && invoice ? vatInvoicePdf(magento, config.seller, order, invoice) : undefined;
      });
      return pdfReply(pdf, invoice ?? typedInvoice);
    },
  );

  routes.all('/orders/mine', methodNotAllowed('GET, HEAD'));
  routes.all('/orders/mine/:number', methodNotAllowed('GET, HEAD'));
  routes.all('/orders/lookup', methodNotAllowed('POST'));
  routes.all('/orders/lookup/invoice', methodNotAllowed('POST'));
  routes.all('/orders/mine/:number/invoices/:invoice', methodNotAllowed('GET, HEAD'));
  return routes;
}
