/**
 * The company buyer's negotiable quotes through the storefront server's /negotiable-quotes routes
 * (src/server/shopper/quotes.ts), for the quote pages' islands and the basket's "Request a quote". A 401
 * means the session is over: the shopper is a guest again.
 */
import { z } from 'zod';
import { sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import type { Quote, QuoteSummary } from './answer.ts';

const status = z.enum([
  'SUBMITTED',
  'PENDING',
  'UPDATED',
  'OPEN',
  'ORDERED',
  'CLOSED',
  'DECLINED',
  'EXPIRED',
]);

const summary = z.object({
  uid: z.string(),
  name: z.string(),
  status,
  updatedAt: z.string().nullable(),
  quantity: z.number(),
  total: z.number().nullable(),
});

const quote = summary.extend({
  lines: z.array(
    z.object({
      uid: z.string(),
      sku: z.string(),
      name: z.string(),
      href: z.string().nullable(),
      quantity: z.number(),
      price: z.number(),
      catalogue: z.number(),
      rowTotal: z.number(),
    }),
  ),
  subtotal: z.number().nullable(),
  delivery: z.number().nullable(),
  expires: z.string().nullable(),
  history: z.array(
    z.object({
      at: z.string().nullable(),
      by: z.string(),
      status: status.nullable(),
      comment: z.string().nullable(),
      total: z.number().nullable(),
      expires: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<Quote>;

const quoteAnswer = z.object({ quote }).transform((answer) => answer.quote);

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

const path = (uid: string, rest = '') => `/negotiable-quotes/${encodeURIComponent(uid)}${rest}`;

export const readQuotes = (): Promise<QuoteSummary[]> =>
  call(() =>
    shopFetch('/negotiable-quotes', {
      schema: z.object({ quotes: z.array(summary) }).transform((answer) => answer.quotes),
    }),
  );

export const readQuote = (uid: string): Promise<Quote> =>
  call(() => shopFetch(path(uid), { schema: quoteAnswer }));

/** Whether the basket offers "Request a quote" (a company user whose role may manage quotes). */
export const mayRequestQuote = (): Promise<boolean> =>
  shopFetch('/negotiable-quotes/can-request', {
    schema: z.object({ allowed: z.boolean() }).transform((answer) => answer.allowed),
  }).catch(() => false);

export const requestQuote = (name: string, note: string): Promise<Quote> =>
  call(() =>
    shopFetch('/negotiable-quotes/request', { method: 'POST', body: { name, note }, schema: quoteAnswer }),
  );

export const askAgain = (uid: string, comment: string): Promise<Quote> =>
  call(() => shopFetch(path(uid, '/again'), { method: 'POST', body: { comment }, schema: quoteAnswer }));

export const changeQuantities = (
  uid: string,
  lines: readonly { uid: string; quantity: number }[],
): Promise<Quote> =>
  call(() => shopFetch(path(uid, '/quantities'), { method: 'PUT', body: { lines }, schema: quoteAnswer }));

export const orderQuote = (uid: string, poNumber: string): Promise<string> =>
  call(() =>
    shopFetch(path(uid, '/order'), {
      method: 'POST',
      body: { poNumber },
      schema: z.object({ orderNumber: z.string() }).transform((answer) => answer.orderNumber),
    }),
  );

export const QUOTES_PAGE = '/company/quotes';
/** One quote's page, which reads the quote's uid from `?uid=` (src/server/shopper/quotes.ts answers 404 for none of theirs). */
export const QUOTE_PAGE = `${QUOTES_PAGE}/view`;
export const quotePage = (uid: string): string => `${QUOTE_PAGE}?uid=${encodeURIComponent(uid)}`;
