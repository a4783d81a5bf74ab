/**
 * A company buyer's negotiable quotes (issue 68), as same-origin JSON routes that call Magento's GraphQL
 * (features/quotes/quotes.server.ts) with the token of the session cookie, always on the session's
 * customer's own quotes. Writes are checked like the /rest proxy's (Origin, bounded JSON bodies), reads
 * refuse other sites; answers are never cached. A quote never touches a catalogue page: its prices live on
 * the quote alone.
 *
 * - `GET /negotiable-quotes/can-request` → `{allowed}`: whether the basket offers "Request a quote"
 * - `GET /negotiable-quotes` → `{quotes: [...]}`; `GET /negotiable-quotes/:uid` → `{quote}`
 * - `POST /negotiable-quotes/request` `{name, note}` → `{quote}`: everything in the basket, which empties
 * - `POST /negotiable-quotes/:uid/again` `{comment}` → `{quote}`, back to the seller
 * - `PUT /negotiable-quotes/:uid/quantities` `{lines: [{uid, quantity}]}` → `{quote}`
 * - `POST /negotiable-quotes/:uid/order` `{poNumber}` → `{orderNumber}`: at the quoted prices, on account,
 *   to the customer's default address
 * - `GET /negotiable-quotes/access` → `{view, request}`: whether the customer's role may see quotes (the
 *   links to My quotes) and ask for them
 * - `GET /company/quotes/view?uid=…`: the quote's page, 404 (the shop's not-found page) to a signed-in
 *   customer when `GET /negotiable-quotes/:uid` would be (record-page.ts)
 *
 * No session: 401. A role without quotes: 403. Another's or an unknown quote: 404. Magento's refusal of a
 * quote it may not order (not answered, expired): 409. Magento down or unreadable: 503.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { quotesTexts as t, mayOrder, QUOTE_PAGE } from '../../features/quotes/index.ts';
import type { Quote } from '../../features/quotes/index.ts';
import {
  askAgain,
  changeQuantities,
  listQuotes,
  orderQuote,
  readQuote,
  requestQuote,
} from '../../features/quotes/index.server.ts';
import { readCompanyAccess } from '../../features/company/index.server.ts';
import { COMPANY_RESOURCES, mayUse, type CompanyAccess } from '../../features/company/index.ts';
import {
  customerSession,
  errorMessage,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  notCrossSite,
  sameOrigin,
  SessionEnded,
  signedIn,
} from '../../http/index.ts';
import { MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { strings } from '../../strings.ts';
import { recordPage } from './record-page.ts';

export interface QuoteRoutesConfig {
  /** Magento's GraphQL (its base URL, as for REST); calls carry the session's customer token. */
  readonly magento: MagentoGraphqlConfig;
  readonly siteUrl: string;
  /** Who the customer is in their company (tests give their own). */
  readonly access?: typeof readCompanyAccess;
  readonly log?: (message: string) => void;
}

const requestBody = z.object({
  name: z.string().trim().min(1).max(255),
  note: z.string().trim().min(1).max(2000),
});
const againBody = z.object({ comment: z.string().trim().min(1).max(2000) });
const quantitiesBody = z.object({
  lines: z
    .array(z.object({ uid: z.string().max(64), quantity: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(200),
});
const orderBody = z.object({ poNumber: z.string().trim().min(1).max(40) });
const UID = /^[A-Za-z0-9]{1,64}$/;

const NOT_FOUND = /could not find|not found/i;
const LOCKED = /currently locked|does not allow/i;

/** The customer's company access, refused unless they may use `resource`. */
async function allowed(config: QuoteRoutesConfig, token: string, resource: string): Promise<CompanyAccess> {
  const access = await (config.access ?? readCompanyAccess)(config.magento, token);
  if (!access || !mayUse(access, resource)) throw new HttpError(403, t.notAllowed);
  return access;
}

/** Adobe's refusal when the merchant has turned quotes off for the customer's company. */
const QUOTES_OFF = /not enabled for the current customer's company/i;

/** Runs `work`; Magento's failures as the buyer reads them. */
async function withMagento(c: Context, log: (message: string) => void, work: () => Promise<Response>) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MagentoGraphqlError)) throw error;
    // Adobe words "quotes off for the company" as it words an ended session: told apart by its words.
    if (error.kind === 'unauthorized' && QUOTES_OFF.test(error.magentoMessage ?? ''))
      throw new HttpError(403, t.quotesOff);
    if (error.kind === 'unauthorized') throw new SessionEnded(strings.shopper.sessionEnded);
    log(`Quotes: ${error.message}`);
    const said = error.magentoMessage ?? '';
    if (error.kind === 'refused' && NOT_FOUND.test(said)) throw new HttpError(404, t.noSuchQuote);
    if (error.kind === 'refused' && /empty cart/i.test(said)) throw new HttpError(409, t.emptyBasket);
    if (error.kind === 'refused' && LOCKED.test(said)) throw new HttpError(409, t.cannotOrder);
    throw new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
  }
}

const meAnswer = z.object({
  addresses: z.array(z.object({ id: z.number(), default_shipping: z.boolean().optional() })).default([]),
});

/** The customer's default delivery address (`customers/me` with their own token). */
async function defaultAddress(config: QuoteRoutesConfig, token: string): Promise<{ id: number }> {
  const response = await (config.magento.fetch ?? fetch)(
    `${config.magento.baseUrl.replace(/\/+$/, '')}/rest/V1/customers/me`,
    {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(config.magento.timeoutMs ?? 15_000),
    },
  );
  if (response.status === 401) throw new SessionEnded(strings.shopper.sessionEnded);
  if (!response.ok) throw new HttpError(503, t.notChanged);
  const me = meAnswer.parse(await response.json());
  const address = me.addresses.find((one) => one.default_shipping) ?? me.addresses[0];
  if (!address) throw new HttpError(409, t.noAddress);
  return address;
}

/** A quote's uid as the shopper gave it, if it can be one: else none of theirs (404). */
function checkedUid(uid: string | undefined): string {
  if (uid === undefined || !UID.test(uid)) throw new HttpError(404, t.noSuchQuote);
  return uid;
}

const uidOf = (c: Context): string => checkedUid(c.req.param('uid'));

/** The customer's quote, if their role may see quotes and it is theirs: else 403, or 404. */
async function viewQuote(config: QuoteRoutesConfig, token: string, uid: string): Promise<Quote> {
  await allowed(config, token, COMPANY_RESOURCES.viewQuotes);
  const quote = await readQuote(config.magento, token, uid);
  if (!quote) throw new HttpError(404, t.noSuchQuote);
  return quote;
}

/**
 * The quote's page, which the QuoteView island fills from `GET /negotiable-quotes/:uid`: asked the same
 * first, so a quote that is none of the customer's (or no uid at all) is the shop's 404 page.
 */
function quotePageRoute(routes: Hono, config: QuoteRoutesConfig, log: (message: string) => void): void {
  const handlers = recordPage(config.siteUrl, (c, token) =>
    withMagento(c, log, async () =>
      jsonReply(200, { quote: await viewQuote(config, token, checkedUid(c.req.query('uid'))) }),
    ),
  );
  // Both ways the pre-rendered page is reached (`/company/quotes/view` and its folder's `…/view/`).
  for (const path of [QUOTE_PAGE, `${QUOTE_PAGE}/`]) routes.get(path, ...handlers);
}

/** The customer's company access, or none: a guest, a customer of no company, or one it cannot be read for. */
const accessOf = (config: QuoteRoutesConfig, token: string | undefined) =>
  token ? (config.access ?? readCompanyAccess)(config.magento, token).catch(() => undefined) : undefined;

/**
 * What the customer may do with quotes, never an error: a guest or a customer of no company may do nothing.
 * `GET /negotiable-quotes/access` for the ways to My quotes; `…/can-request` for the basket's "Request a
 * quote".
 */
function accessRoutes(routes: Hono, config: QuoteRoutesConfig): void {
  const guards = [notCrossSite(config.siteUrl), customerSession({ siteUrl: config.siteUrl })] as const;
  routes.get('/negotiable-quotes/can-request', ...guards, async (c) => {
    const access = await accessOf(config, c.var.customerToken);
    return jsonReply(200, { allowed: mayUse(access, COMPANY_RESOURCES.manageQuotes) });
  });
  routes.get('/negotiable-quotes/access', ...guards, async (c) => {
    const access = await accessOf(config, c.var.customerToken);
    return jsonReply(200, {
      view: mayUse(access, COMPANY_RESOURCES.viewQuotes),
      request: mayUse(access, COMPANY_RESOURCES.manageQuotes),
    });
  });
}

/** `POST /negotiable-quotes/:uid/order`: checked against the quote first, so Magento is asked to order only an answered one. */
function orderRoute(routes: Hono, config: QuoteRoutesConfig, log: (message: string) => void): void {
  const { magento, siteUrl } = config;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const write = [sameOrigin(siteUrl), limitBody(8 * 1024), jsonOnly] as const;
  routes.post('/negotiable-quotes/:uid/order', ...write, jsonBody(orderBody, t.badPo), ...customer, (c) =>
    withMagento(c, log, async () => {
      const token = c.var.customerToken;
      await allowed(config, token, COMPANY_RESOURCES.checkoutWithQuote);
      const uid = uidOf(c);
      const quote = await readQuote(magento, token, uid);
      if (!quote) throw new HttpError(404, t.noSuchQuote);
      if (quote.status === 'EXPIRED') throw new HttpError(409, t.expired);
      if (!mayOrder(quote)) throw new HttpError(409, t.cannotOrder);
      const number = await orderQuote(
        magento,
        token,
        uid,
        await defaultAddress(config, token),
        c.req.valid('json').poNumber,
      );
      return jsonReply(200, { orderNumber: number });
    }),
  );
}

export function createQuoteRoutes(config: QuoteRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const { magento, siteUrl } = config;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const write = [sameOrigin(siteUrl), limitBody(8 * 1024), jsonOnly] as const;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Quotes failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
    }),
  );
  const quoteReply = (quote: unknown) => {
    if (!quote) throw new HttpError(404, t.noSuchQuote);
    return jsonReply(200, { quote });
  };

  routes.get('/negotiable-quotes', notCrossSite(siteUrl), ...customer, (c) =>
    withMagento(c, log, async () => {
      await allowed(config, c.var.customerToken, COMPANY_RESOURCES.viewQuotes);
      return jsonReply(200, { quotes: await listQuotes(magento, c.var.customerToken) });
    }),
  );
  accessRoutes(routes, config);
  routes.get('/negotiable-quotes/:uid', notCrossSite(siteUrl), ...customer, (c) =>
    withMagento(c, log, async () =>
      jsonReply(200, { quote: await viewQuote(config, c.var.customerToken, uidOf(c)) }),
    ),
  );
  routes.post('/negotiable-quotes/request', ...write, jsonBody(requestBody, t.badRequest), ...customer, (c) =>
    withMagento(c, log, async () => {
      await allowed(config, c.var.customerToken, COMPANY_RESOURCES.manageQuotes);
      const { name, note } = c.req.valid('json');
      return quoteReply(await requestQuote(magento, c.var.customerToken, name, note));
    }),
  );
  routes.post(
    '/negotiable-quotes/:uid/again',
    ...write,
    jsonBody(againBody, t.badRequest),
    ...customer,
    (c) =>
      withMagento(c, log, async () => {
        await allowed(config, c.var.customerToken, COMPANY_RESOURCES.manageQuotes);
        return quoteReply(
          await askAgain(magento, c.var.customerToken, uidOf(c), c.req.valid('json').comment),
        );
      }),
  );
  routes.put(
    '/negotiable-quotes/:uid/quantities',
    ...write,
    jsonBody(quantitiesBody, t.badQuantities),
    ...customer,
    (c) =>
      withMagento(c, log, async () => {
        await allowed(config, c.var.customerToken, COMPANY_RESOURCES.manageQuotes);
        return quoteReply(
          await changeQuantities(magento, c.var.customerToken, uidOf(c), c.req.valid('json').lines),
        );
      }),
  );
  orderRoute(routes, config, log);
  quotePageRoute(routes, config, log);
  return routes;
}
