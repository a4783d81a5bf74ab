/**
 * The demo merchant's answers to negotiable quotes (issue 68), for /merchant/quotes: the storefront keeps no
 * merchant accounts, so these routes are guarded as the service bookings' are (service-booking-admin.ts):
 * `Authorization: Bearer <token>`, a Magento admin or integration token Magento allows customers' data, else
 * 401/403 in Magento's words. Each then calls Magento's admin REST for negotiable quotes with the shop's
 * own integration credentials.
 *
 * - `GET /admin/negotiable-quotes` → `{quotes}`: the quotes waiting for an answer first (Magento's answer, read)
 * - `PUT /admin/negotiable-quotes/:id` `{lines: [{itemId, price}], shipping, expires}` → `{ok}`: the prices
 * - `POST /admin/negotiable-quotes/:id/send` `{comment}` and `…/decline` `{comment}` → `{ok}`
 *
 * Never cached; Magento down: 503.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MagentoApiError, magentoFetch, type MagentoClientConfig } from '../../magento/client.ts';
import {
  bearerToken,
  merchantAccess,
  MERCHANT_RESOURCE,
} from '../../features/service-booking/index.server.ts';
import { errorMessage, HttpError, jsonErrors, jsonReply, limitBody } from '../../http/index.ts';

export interface QuoteAdminConfig {
  /** Magento as the shop's integration. */
  readonly magento: MagentoClientConfig;
  readonly log?: (message: string) => void;
}

const REFUSED = `The consumer isn't authorized to access ${MERCHANT_RESOURCE}.`;

const sellerQuote = z.object({
  id: z.number(),
  updated_at: z.string().nullish(),
  customer: z.object({ email: z.string(), firstname: z.string(), lastname: z.string() }).nullish(),
  items: z.array(
    z.object({
      item_id: z.number(),
      sku: z.string(),
      name: z.string().nullish(),
      qty: z.number(),
      price: z.number(),
      extension_attributes: z
        .object({ negotiable_quote_item: z.object({ original_price: z.number() }) })
        .partial()
        .nullish(),
    }),
  ),
  extension_attributes: z.object({
    negotiable_quote: z.object({
      status: z.string(),
      quote_name: z.string().nullish(),
      shipping_price: z.number().nullish(),
      expiration_period: z.string().nullish(),
    }),
  }),
});

const priceBody = z.object({
  lines: z
    .array(z.object({ itemId: z.number().int().positive(), price: z.number().min(0).max(1_000_000) }))
    .max(200),
  shipping: z.number().min(0).max(100_000).nullable(),
  expires: z
    .string()
    .regex(/^\d{4}-\d\d-\d\d$/)
    .nullable(),
});
const commentBody = z.object({ comment: z.string().trim().max(2000) });

async function authorise(config: QuoteAdminConfig, c: Context): Promise<void> {
  const token = bearerToken(c.req.header('authorization'));
  const access = token ? await merchantAccess(config.magento, token) : 'no-token';
  if (access === 'no-token') throw new HttpError(401, REFUSED, { 'WWW-Authenticate': 'Bearer' });
  if (access === 'not-allowed') throw new HttpError(403, REFUSED);
}

/** Reads the JSON body with `schema`; 400 when it does not fit. */
async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) throw new HttpError(400, 'Please give prices of 0 or more and a date as YYYY-MM-DD.');
  return parsed.data;
}

const quoteId = (c: Context): number => {
  const id = Number(c.req.param('id'));
  if (!Number.isInteger(id) || id < 1) throw new HttpError(404, 'No such quote.');
  return id;
};

/** Magento's refusal (a quote it may not change now) word for word; anything else is down. */
async function asMagento(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MagentoApiError && error.status >= 400 && error.status < 500 && error.magentoMessage)
      throw new HttpError(error.status === 404 ? 404 : 409, error.magentoMessage);
    throw error;
  }
}

const ok = z.unknown();

export function createQuoteAdminRoutes(config: QuoteAdminConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento } = config;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Answering quotes failed: ${errorMessage(error)}`);
      return new HttpError(503, 'Magento can’t be reached. Please try again.');
    }),
  );
  routes.use('/admin/negotiable-quotes/*', limitBody(32 * 1024));
  routes.get('/admin/negotiable-quotes', async (c) => {
    await authorise(config, c);
    const answer = await magentoFetch(magento, {
      path: '/negotiableQuote?searchCriteria[pageSize]=100',
      schema: z.object({ items: z.array(sellerQuote) }),
    });
    return jsonReply(200, { quotes: answer.items.toReversed() });
  });
  routes.put('/admin/negotiable-quotes/:id', async (c) => {
    await authorise(config, c);
    const id = quoteId(c);
    const { lines, shipping, expires } = await body(c, priceBody);
    const negotiable = {
      ...(shipping === null ? {} : { shipping_price: shipping }),
      ...(expires ? { expiration_period: expires } : {}),
    };
    return asMagento(async () => {
      await magentoFetch(magento, {
        method: 'PUT',
        path: `/negotiableQuote/${String(id)}`,
        body: {
          quote: {
            id,
            items: lines.map((line) => ({ item_id: line.itemId, price: line.price })),
            extension_attributes: { negotiable_quote: negotiable },
          },
        },
        schema: ok,
      });
      return jsonReply(200, { ok: true });
    });
  });
  for (const [step, path] of [
    ['send', '/submitToCustomer'],
    ['decline', '/decline'],
  ] as const)
    routes.post(`/admin/negotiable-quotes/:id/${step}`, async (c) => {
      await authorise(config, c);
      const id = quoteId(c);
      const { comment } = await body(c, commentBody);
      const payload =
        step === 'send' ? { quoteId: id, comment } : { quoteId: id, reason: comment || 'Declined.' };
      return asMagento(async () => {
        await magentoFetch(magento, {
          method: 'POST',
          path: `/negotiableQuote${path}`,
          body: payload,
          schema: ok,
        });
        return jsonReply(200, { ok: true });
      });
    });
  return routes;
}
