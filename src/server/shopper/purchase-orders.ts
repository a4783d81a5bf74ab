/**
 * A company's purchase orders and approval rules (issue 68, B2B for Adobe Commerce), as same-origin JSON
 * routes that call Magento's GraphQL with the session's customer token (features/purchase-orders). Magento
 * decides what each customer sees and may do; these routes refuse first what the session's role plainly
 * lacks, so a buyer is told why in the shop's words, and Magento refuses again whatever reaches it.
 *
 * - `GET /purchase-orders?list=mine|approval|company` → `{kind, items}`
 * - `GET /purchase-orders/access` → `{enabled, rules, company}`: whether the checkout places a purchase
 *   order, and whether the customer may see the approval rules and the company's purchase orders
 * - `GET /purchase-orders/one?uid=…` → the purchase order with its lines, totals, comments, history
 * - `POST /purchase-orders/{approve,reject,cancel,comment,place-order}` `{uid, comment}` →
 *   `{purchaseOrder, placed}`; a rejection and a comment need the comment; an approval that leaves the
 *   purchase order approved places its order when Magento lets this customer (and says its number)
 * - `GET|POST|PUT|DELETE /purchase-orders/approval-rules` → the rules and the roles a rule may name;
 *   create `{rule}`, change `{uid, rule}`, delete `?uid=…`
 * - `GET /company/purchase-orders/{uid}`: the purchase order's page, 404 (the shop's not-found page) to a
 *   signed-in customer when `/one` would be (record-page.ts)
 *
 * No session: 401; one Magento no longer accepts: 401 and the cookie goes. Not in a company: 403. A role
 * without the permission (a buyer who may not approve): 403 with a line that says so. A uid Magento does
 * not answer for this customer (another company's): 404. A purchase order that has moved on: 409. Magento
 * down: 503.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { COMPANY_RESOURCES, mayUse, type CompanyAccess } from '../../features/company/index.ts';
import { readCompanyAccess } from '../../features/company/index.server.ts';
import {
  approvalRuleTexts as rt,
  LIST_KINDS,
  PURCHASE_ORDERS_PAGE,
  purchaseOrderTexts as t,
  ruleBody,
  uidOfPage,
  type ListKind,
} from '../../features/purchase-orders/index.ts';
import {
  createApprovalRule,
  deleteApprovalRule,
  listPurchaseOrders,
  placePurchaseOrder,
  readApprovalRules,
  updateApprovalRule,
} from '../../features/purchase-orders/index.server.ts';
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
  notCrossSite,
  sameOrigin,
  signedIn,
} from '../../http/index.ts';
import type { MagentoGraphqlConfig } from '../../magento/graphql.ts';
import type { PurchaseOrderCheckout } from './on-account.ts';
import type { PurchaseOrderRoutesConfig } from './purchase-order-config.ts';
import { magentoFailure, type Failing } from './purchase-order-failures.ts';
import { STEP_NAMES, stepBody, takeStep } from './purchase-order-steps.ts';
import { recordPage } from './record-page.ts';

const R = COMPANY_RESOURCES;
const PREFIX = '/purchase-orders';
const ruleChange = z.object({ uid: z.string().min(1).max(64), rule: ruleBody });

/** The session customer's company access; a customer in no company is refused. */
async function companyOf(config: PurchaseOrderRoutesConfig, token: string): Promise<CompanyAccess> {
  const access = await (config.access ?? readCompanyAccess)(config.magento, token);
  if (!access) throw new HttpError(403, t.notInCompany);
  return access;
}

/** The company access of a customer asking about one purchase order: none is theirs without purchase orders. */
async function purchaseOrderCompany(
  config: PurchaseOrderRoutesConfig,
  token: string,
): Promise<CompanyAccess> {
  const access = await companyOf(config, token);
  if (!access.purchaseOrdersEnabled) throw new HttpError(404, t.notFound);
  need(access, [R.viewPurchaseOrders], t.cannotView);
  return access;
}

/**
 * The uid a purchase order's page names (`/company/purchase-orders/{uid}`, or the view page's `?uid=`), if
 * any. Only below the list's path: Hono's `…/*` also matches the list itself (`/company/purchase-orders`),
 * and the list's folder (`…/purchase-orders/`) would read as the uid "purchase-orders".
 */
function askedOnPage(c: Context): string | undefined {
  const { pathname, search } = new URL(c.req.url);
  if (pathname.length <= PURCHASE_ORDERS_PAGE.length + 1) return undefined;
  return uidOfPage(pathname, search)?.uid;
}

/** One purchase order, for a customer whose company uses them and whose role may see them. */
async function readOne(config: PurchaseOrderRoutesConfig, token: string, uid: string) {
  await purchaseOrderCompany(config, token);
  return takeStep.read(config, token, uid);
}

function need(access: CompanyAccess, resources: readonly string[], refusal: string): void {
  if (!resources.some((resource) => mayUse(access, resource))) throw new HttpError(403, refusal);
}

/** The permissions a list needs (Adobe's "View My Purchase Orders" and its children). */
const LIST_NEEDS: Readonly<Record<ListKind, readonly string[]>> = {
  mine: [R.viewPurchaseOrders],
  approval: [R.viewPurchaseOrders],
  company: [R.viewPurchaseOrdersOfCompany, R.viewPurchaseOrdersOfSubordinates],
};

const listKind = (value: string | undefined): ListKind => LIST_KINDS.find((kind) => kind === value) ?? 'mine';

function purchaseOrderRoutes(routes: Hono, config: PurchaseOrderRoutesConfig, failing: Failing): void {
  const { magento, siteUrl } = config;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const write = [sameOrigin(siteUrl), limitBody(8 * 1024), jsonOnly] as const;

  routes.get(PREFIX, notCrossSite(siteUrl), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      const kind = listKind(c.req.query('list'));
      need(await companyOf(config, token), LIST_NEEDS[kind], t.cannotView);
      return jsonReply(200, await listPurchaseOrders(magento, token, kind));
    }),
  );
  // Whether the checkout places a purchase order, and the rules may be seen: any signed-in customer may ask.
  routes.get(`${PREFIX}/access`, notCrossSite(siteUrl), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      const access = await (config.access ?? readCompanyAccess)(magento, token);
      const enabled = access?.purchaseOrdersEnabled === true;
      const company = LIST_NEEDS.company.some((resource) => mayUse(access, resource));
      return jsonReply(200, {
        enabled,
        rules: enabled && mayUse(access, R.viewApprovalRules),
        company: enabled && company,
      });
    }),
  );
  routes.get(`${PREFIX}/one`, notCrossSite(siteUrl), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      const uid = c.req.query('uid') ?? '';
      if (!/^[A-Za-z0-9+/=_-]{1,64}$/.test(uid)) throw new HttpError(404, t.notFound);
      return jsonReply(200, await readOne(config, token, uid));
    }),
  );
  // The page the island reads `/one` for: asked the same first, so one that is none of theirs is a 404 page.
  routes.get(
    `${PURCHASE_ORDERS_PAGE}/*`,
    ...recordPage(siteUrl, async (c, token) => {
      const asked = askedOnPage(c);
      // No uid: the list's own page, or the view page that sends the shopper on to it, as they always did.
      if (asked)
        await failing(c, token, async (customer) => jsonReply(200, await readOne(config, customer, asked)));
    }),
  );
  for (const step of STEP_NAMES)
    routes.post(`${PREFIX}/${step}`, ...write, jsonBody(stepBody, t.badUid), ...customer, (c) =>
      failing(c, c.var.customerToken, async (token) => {
        const body = c.req.valid('json');
        await purchaseOrderCompany(config, token);
        return jsonReply(200, await takeStep.run(config, token, step, body));
      }),
    );
}

function approvalRuleRoutes(routes: Hono, config: PurchaseOrderRoutesConfig, failing: Failing): void {
  const { magento, siteUrl } = config;
  const path = `${PREFIX}/approval-rules`;
  const customer = [customerSession({ siteUrl }), signedIn(t.signInFirst)] as const;
  const write = [sameOrigin(siteUrl), limitBody(16 * 1024), jsonOnly] as const;
  const manager = async (token: string) => {
    need(await companyOf(config, token), [R.manageApprovalRules], rt.cannotManage);
  };

  routes.get(path, notCrossSite(siteUrl), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      const access = await companyOf(config, token);
      need(access, [R.viewApprovalRules], rt.cannotView);
      const canManage = mayUse(access, R.manageApprovalRules);
      return jsonReply(200, await readApprovalRules(magento, token, canManage));
    }),
  );
  routes.post(path, ...write, jsonBody(ruleBody, rt.badRule), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      await manager(token);
      return jsonReply(201, await createApprovalRule(magento, token, c.req.valid('json')));
    }),
  );
  routes.put(path, ...write, jsonBody(ruleChange, rt.badRule), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      await manager(token);
      const { uid, rule } = c.req.valid('json');
      return jsonReply(200, await updateApprovalRule(magento, token, uid, rule));
    }),
  );
  routes.delete(path, sameOrigin(siteUrl), ...customer, (c) =>
    failing(c, c.var.customerToken, async (token) => {
      await manager(token);
      const uid = c.req.query('uid') ?? '';
      if (!/^[A-Za-z0-9+/=_-]{1,64}$/.test(uid)) throw new HttpError(404, rt.notFound);
      await deleteApprovalRule(magento, token, uid);
      return jsonReply(200, { deleted: true });
    }),
  );
  routes.all(path, methodNotAllowed('GET, POST, PUT, DELETE'));
}

export function createPurchaseOrderRoutes(config: PurchaseOrderRoutesConfig): Hono {
  const log = config.log ?? (() => undefined);
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      log(`Purchase orders failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.unavailable : t.notChanged);
    }),
  );
  const failing: Failing = (c: Context, token: string, work: (token: string) => Promise<Response>) =>
    magentoFailure({ c, token, config, log }, work);
  approvalRuleRoutes(routes, config, failing);
  purchaseOrderRoutes(routes, config, failing);
  routes.all(PREFIX, methodNotAllowed('GET'));
  return routes;
}

/**
 * The checkout's purchase orders (on-account.ts): whether the customer's company uses them, and the cart
 * made one with the customer's token.
 */
export const purchaseOrderCheckout = (magento: MagentoGraphqlConfig): PurchaseOrderCheckout => ({
  enabled: async (token) => (await readCompanyAccess(magento, token))?.purchaseOrdersEnabled === true,
  place: (token, cartId) => placePurchaseOrder(magento, token, cartId),
});

export type { PurchaseOrderRoutesConfig };
