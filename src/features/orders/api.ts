/**
 * The account's order pages and the guest lookup in the browser: calls to the storefront server's order
 * routes (server/shopper/orders.ts), answers checked with zod (these are React island pages, DESIGN.md §4).
 * A 401 on the customer's routes means the session is over: the marker is dropped, as account calls do.
 */
import { z } from '../../magento/wire/zod.ts';
import { asCustomer } from '../account/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { ShopApiError, shopFetch, shopFile } from '../../shop-api/shop-api.ts';
import { orderTexts } from './texts.ts';
import { invoiceFileName, type OrderDetail, type OrdersPage } from './order.ts';

const summary = z.object({
  number: z.string(),
  placedAt: z.string(),
  status: z.string(),
  itemCount: z.number(),
  total: z.number(),
  currency: z.string(),
});

const address = z.object({
  name: z.string(),
  lines: z.array(z.string()),
  country: z.string(),
  telephone: z.string().nullable(),
});

const collection = z.object({
  point: z.string(),
  state: z.enum(['awaiting', 'ready', 'collected', 'cancelled']),
  place: z
    .object({
      name: z.string(),
      lines: z.array(z.string()),
      phone: z.string().nullable(),
      hours: z.array(z.string()),
      mapUrl: z.string(),
    })
    .nullable(),
  keptForDays: z.number().nullable(),
  bring: z.string().nullable(),
});

const ordersPage: z.ZodType<OrdersPage> = z.object({
  orders: z.array(summary),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});

const orderDetail: z.ZodType<OrderDetail> = summary.extend({
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      options: z.array(z.object({ option_id: z.string(), option_value: z.number() })),
      qty: z.number(),
      price: z.number(),
      rowTotal: z.number(),
    }),
  ),
  subtotal: z.number(),
  shipping: z.number(),
  shippingMethod: z.string().nullable(),
  discount: z.number().nullable(),
  discountFor: z.string().nullable(),
  vat: z.number().nullable(),
  billingAddress: address.nullable(),
  shippingAddress: address.nullable(),
  payment: z.string(),
  refunded: z.number().nullable(),
  poNumber: z.string().nullable(),
  invoices: z.array(z.object({ number: z.string(), issuedAt: z.string() })),
  collection: collection.nullable(),
});

export const fetchOrders = (page: number, size?: number): Promise<OrdersPage> =>
  asCustomer(() =>
    shopFetch(`/orders/mine?page=${page}${size === undefined ? '' : `&size=${size}`}`, {
      schema: ordersPage,
    }),
  );

export const fetchOrder = (number: string): Promise<OrderDetail> =>
  asCustomer(() => shopFetch(`/orders/mine/${encodeURIComponent(number)}`, { schema: orderDetail }));

export interface LookupDetails {
  number: string;
  email: string;
  postcode: string;
}

export const lookUpOrder = (details: LookupDetails): Promise<OrderDetail> =>
  shopFetch('/orders/lookup', { method: 'POST', body: details, schema: orderDetail });

/**
 * A guest's VAT invoice: asked for with the same details that found the order (the server finds it again,
 * and counts a failure as the lookup does), as a PDF for the page to save.
 */
export const guestInvoice = (
  details: LookupDetails,
  invoice: string,
): Promise<{ name: string; blob: Blob }> =>
  shopFile('/orders/lookup/invoice', {
    method: 'POST',
    body: { ...details, invoice },
    accept: 'application/pdf',
  }).then(
    (blob) => ({ name: invoiceFileName(invoice), blob }),
    (error: unknown) => Promise.reject(new ShopApiError(statusOf(error), ordersProblem(error))),
  );

const statusOf = (error: unknown): number => (error instanceof ShopApiError ? error.status : 0);

/** What a failed order call says: the shop or Magento down is "Your orders can't be shown right now". */
export const ordersProblem = (error: unknown): string =>
  error instanceof ShopApiError && (error.status === 0 || error.status >= 500)
    ? orderTexts.unavailable
    : problemText(error);
