/**
 * A company's purchase orders through the storefront server, against a real embedded back end over HTTP
 * (B2B for Adobe Commerce's GraphQL): with purchase orders on, paying on account places a purchase order,
 * which a rule ("order total over £2,500", the Approver role to approve) holds; the buyer cannot approve it
 * (refused by the route, and by Magento itself); the approver approves it with a comment and its order is
 * placed once, on account with the buyer's reference; a rejection needs its comment; another company's
 * purchase order is Not Found; the rules are the managers' to change; no session and Magento down are said.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChangedAnswer,
  ListAnswer,
  PlacedPurchaseOrder,
  PurchaseOrderAnswer,
  RulesAnswer,
} from '../../src/features/purchase-orders/index.ts';
import {
  approvalRuleTexts as rt,
  purchaseOrderTexts as t,
} from '../../src/features/purchase-orders/index.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { processLock } from '../../src/store/locks.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createOnAccountRoutes } from '../../src/server/shopper/on-account.ts';
import {
  createPurchaseOrderRoutes,
  purchaseOrderCheckout,
} from '../../src/server/shopper/purchase-orders.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS } from '../support/orders.ts';
import { makeProduct } from '../embedded-magento/checkout-helpers.ts';
import { makeFakeSite, page, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';
import { makeCompany, type Member, type TestCompany } from './purchase-order-company.ts';

const SITE = 'http://127.0.0.1:4321';
/** The title of the built site's purchase-order page, which its island fills. */
const PURCHASE_ORDER_PAGE = 'One purchase order';
const PURCHASE_ORDERS_LIST = 'The company’s purchase orders';
const DOWN = 'http://127.0.0.1:9';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let down: RunningStorefront;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  const view = join(site.clientDir, 'company', 'purchase-orders', 'view');
  mkdirSync(view, { recursive: true });
  writeFileSync(join(view, 'index.html'), page(PURCHASE_ORDER_PAGE));
  writeFileSync(join(view, '..', 'index.html'), page(PURCHASE_ORDERS_LIST));
  const routes = (baseUrl: string) => {
    const magento = { baseUrl, token: INTEGRATION_TOKEN, attempts: 1, timeoutMs: 5_000 };
    const graphql = { baseUrl, attempts: 1, timeoutMs: 5_000 };
    const lock = processLock();
    return [
      createSessionRoutes({ magento: { baseUrl }, siteUrl: SITE, tokenLifetime: 3600 }),
      createOnAccountRoutes({
        magento,
        checkout: createMagentoCheckout(magento),
        lock,
        siteUrl: SITE,
        purchaseOrders: purchaseOrderCheckout(graphql),
      }),
      createPurchaseOrderRoutes({ magento: graphql, siteUrl: SITE, lock }),
    ];
  };
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  down = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
  sku = await makeProduct(backend, 1000, 1);
});
afterAll(async () => {
  await shop.close();
  await down.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const signIn = (member: Member) => sessionCookie(shop.url, SITE, member.email, member.password);

const send = (session: string, method: string, path: string, body?: unknown, base = shop.url) =>
  raw(base, path, {
    method,
    headers: {
      Origin: SITE,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(session ? { Cookie: session } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const parse = <T>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;

/** The member's basket of `qty` × the £1,000 product, delivered by flat rate. */
async function basket(member: Member, qty: number): Promise<void> {
  const { token } = member;
  await backend.call('POST', '/rest/V1/carts/mine', { token });
  const added = await backend.call('POST', '/rest/V1/carts/mine/items', {
    token,
    body: { cartItem: { sku, qty } },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const delivery = await backend.call('POST', '/rest/V1/carts/mine/shipping-information', {
    token,
    body: {
      addressInformation: {
        shipping_address: ORDER_ADDRESS,
        billing_address: ORDER_ADDRESS,
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
      },
    },
  });
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
}

const OVER_2500 = (company: TestCompany) => ({
  name: 'Order total over £2,500',
  description: '',
  enabled: true,
  appliesTo: [],
  approvers: [company.approverRole],
  condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: 2500 },
});

/** A company with the rule, and a purchase order of the buyer's over £2,500 waiting for approval. */
async function waitingPurchaseOrder() {
  const company = await makeCompany(backend);
  const admin = await signIn(company.admin);
  const made = await send(admin, 'POST', '/purchase-orders/approval-rules', OVER_2500(company));
  expect(made.status, made.body.toString()).toBe(201);
  const buyer = await signIn(company.buyer);
  await basket(company.buyer, 3);
  const placed = await send(buyer, 'POST', '/checkout/on-account', { poNumber: 'PO-BIG-1' });
  expect(placed.status, placed.body.toString()).toBe(201);
  const { purchaseOrder } = parse<{ purchaseOrder: PlacedPurchaseOrder }>(placed);
  return { company, buyer, purchaseOrder };
}

async function ordersOf(customerId: number) {
  const query = new URLSearchParams({
    'searchCriteria[filterGroups][0][filters][0][field]': 'customer_id',
    'searchCriteria[filterGroups][0][filters][0][value]': String(customerId),
  });
  return (await backend.call('GET', `/rest/V1/orders?${query.toString()}`, { token: INTEGRATION_TOKEN })).body
    .items as { increment_id: string; payment: { method: string; po_number?: string } }[];
}

const one = (session: string, uid: string) =>
  send(session, 'GET', `/purchase-orders/one?uid=${encodeURIComponent(uid)}`);

describe('a buyer whose company approves its orders', () => {
  it('places a purchase order on account that waits for approval, not an order', async () => {
    const { company, buyer, purchaseOrder } = await waitingPurchaseOrder();
    expect(purchaseOrder).toMatchObject({ status: 'APPROVAL_REQUIRED', order: null });
    expect(await ordersOf(company.buyer.id)).toEqual([]);
    const mine = parse<ListAnswer>(await send(buyer, 'GET', '/purchase-orders?list=mine'));
    expect(mine.items.map((row) => [row.number, row.status])).toEqual([
      [purchaseOrder.number, 'APPROVAL_REQUIRED'],
    ]);
    const shown = parse<PurchaseOrderAnswer>(await one(buyer, purchaseOrder.uid));
    expect(shown.lines).toEqual([expect.objectContaining({ sku, quantity: 3 })]);
    expect(shown.total).toBeGreaterThan(2500);
    expect(shown.approvals).toEqual([
      {
        rule: 'Order total over £2,500',
        events: [expect.objectContaining({ role: 'Approver', status: 'PENDING' })],
      },
    ]);
    expect(shown.actions).toEqual(['CANCEL']);
    const access = parse<{ enabled: boolean; company: boolean }>(
      await send(buyer, 'GET', '/purchase-orders/access'),
    );
    expect(access).toMatchObject({ enabled: true, company: false });
  });

  it('cannot approve it: refused by the route, and by Magento itself', async () => {
    const { buyer, company, purchaseOrder } = await waitingPurchaseOrder();
    const refused = await send(buyer, 'POST', '/purchase-orders/approve', {
      uid: purchaseOrder.uid,
      comment: '',
    });
    expect(refused.status).toBe(403);
    expect(parse<{ message: string }>(refused).message).toBe(t.cannotApprove);
    const direct = await backend.call('POST', '/graphql', {
      token: company.buyer.token,
      body: {
        query: `mutation ($uids: [ID]!) { approvePurchaseOrders(input: { purchase_order_uids: $uids }) {
          purchase_orders { uid } errors { type message } } }`,
        variables: { uids: [purchaseOrder.uid] },
      },
    });
    expect(direct.body.data.approvePurchaseOrders.purchase_orders).toEqual([]);
    expect(direct.body.data.approvePurchaseOrders.errors).toEqual([
      expect.objectContaining({ type: 'OPERATION_NOT_APPLICABLE' }),
    ]);
  });
});

describe('the buyer’s own purchase order', () => {
  it('takes a comment, then is cancelled by the buyer; the approver sees it in the company’s list', async () => {
    const { company, buyer, purchaseOrder } = await waitingPurchaseOrder();
    const uid = purchaseOrder.uid;
    const bare = await send(buyer, 'POST', '/purchase-orders/comment', { uid, comment: '' });
    expect(bare.status).toBe(400);
    const commented = await send(buyer, 'POST', '/purchase-orders/comment', {
      uid,
      comment: 'Needed by Friday.',
    });
    expect(commented.status, commented.body.toString()).toBe(200);
    expect(parse<ChangedAnswer>(commented).purchaseOrder.comments.map((c) => c.text)).toEqual([
      'Needed by Friday.',
    ]);
    const cancelled = await send(buyer, 'POST', '/purchase-orders/cancel', { uid, comment: '' });
    expect(cancelled.status, cancelled.body.toString()).toBe(200);
    expect(parse<ChangedAnswer>(cancelled).purchaseOrder.status).toBe('CANCELED');
    const placeOrder = await send(buyer, 'POST', '/purchase-orders/place-order', { uid, comment: '' });
    expect(placeOrder.status).toBe(409);
    expect(parse<{ message: string }>(placeOrder).message).toBe(t.cannotPlace);
    const approver = await signIn(company.approver);
    const all = parse<ListAnswer>(await send(approver, 'GET', '/purchase-orders?list=company'));
    expect(all.items.map((row) => [row.uid, row.status])).toEqual([[uid, 'CANCELED']]);
    const refused = await send(buyer, 'GET', '/purchase-orders?list=company');
    expect(refused.status).toBe(403);
  });
});

describe('the approver', () => {
  it('sees it waiting, approves it with a comment, and its order is placed once on account', async () => {
    const { company, purchaseOrder } = await waitingPurchaseOrder();
    const approver = await signIn(company.approver);
    const waiting = parse<ListAnswer>(await send(approver, 'GET', '/purchase-orders?list=approval'));
    expect(waiting.items.map((row) => row.uid)).toEqual([purchaseOrder.uid]);
    const approve = () =>
      send(approver, 'POST', '/purchase-orders/approve', {
        uid: purchaseOrder.uid,
        comment: 'Budget agreed.',
      });
    const [first, second] = await Promise.all([approve(), approve()]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0], first.body.toString()).toBe(200);
    const done = parse<ChangedAnswer>(first.status === 200 ? first : second);
    expect(done.purchaseOrder.status).toBe('ORDER_PLACED');
    expect(done.placed).toMatch(/^\d+$/);
    expect(done.purchaseOrder.comments.map((c) => c.text)).toContain('Budget agreed.');
    expect(done.purchaseOrder.history.length).toBeGreaterThanOrEqual(3);
    const orders = await ordersOf(company.buyer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      increment_id: done.placed,
      payment: { method: 'purchaseorder', po_number: 'PO-BIG-1' },
    });
  });

  it('rejects only with a comment, which the buyer reads', async () => {
    const { company, buyer, purchaseOrder } = await waitingPurchaseOrder();
    const approver = await signIn(company.approver);
    const bare = await send(approver, 'POST', '/purchase-orders/reject', {
      uid: purchaseOrder.uid,
      comment: ' ',
    });
    expect(bare.status).toBe(400);
    expect(parse<{ message: string }>(bare).message).toBe(t.rejectNeedsComment);
    const rejected = await send(approver, 'POST', '/purchase-orders/reject', {
      uid: purchaseOrder.uid,
      comment: 'Too much this quarter.',
    });
    expect(rejected.status, rejected.body.toString()).toBe(200);
    expect(parse<ChangedAnswer>(rejected).purchaseOrder.status).toBe('REJECTED');
    const seen = parse<PurchaseOrderAnswer>(await one(buyer, purchaseOrder.uid));
    expect(seen.comments.map((c) => c.text)).toEqual(['Too much this quarter.']);
    expect(await ordersOf(company.buyer.id)).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers Not Found for another company’s purchase order, to read or to approve', async () => {
    const { purchaseOrder } = await waitingPurchaseOrder();
    const other = await makeCompany(backend);
    const stranger = await signIn(other.admin);
    const read = await one(stranger, purchaseOrder.uid);
    expect(read.status).toBe(404);
    expect(parse<{ message: string }>(read).message).toBe(t.notFound);
    const approve = await send(stranger, 'POST', '/purchase-orders/approve', {
      uid: purchaseOrder.uid,
      comment: '',
    });
    expect(approve.status, approve.body.toString()).toBe(404);
    const withoutPurchaseOrders = await signIn((await makeCompany(backend, false)).admin);
    expect((await one(withoutPurchaseOrders, purchaseOrder.uid)).status).toBe(404);
  });

  it('keeps the rules to roles that may manage them', async () => {
    const company = await makeCompany(backend);
    const buyer = await signIn(company.buyer);
    const made = await send(buyer, 'POST', '/purchase-orders/approval-rules', OVER_2500(company));
    expect(made.status).toBe(403);
    expect(parse<{ message: string }>(made).message).toBe(rt.cannotManage);
    const admin = await signIn(company.admin);
    expect((await send(admin, 'POST', '/purchase-orders/approval-rules', OVER_2500(company))).status).toBe(
      201,
    );
    const rules = parse<RulesAnswer>(await send(admin, 'GET', '/purchase-orders/approval-rules'));
    expect(rules.canManage).toBe(true);
    expect(rules.rules).toEqual([
      expect.objectContaining({
        name: 'Order total over £2,500',
        condition: { attribute: 'GRAND_TOTAL', operator: 'MORE_THAN', amount: 2500 },
        approvers: [expect.objectContaining({ name: 'Approver' })],
      }),
    ]);
    const uid = rules.rules[0]?.uid ?? '';
    const changed = await send(admin, 'PUT', '/purchase-orders/approval-rules', {
      uid,
      rule: {
        ...OVER_2500(company),
        name: 'Delivery over £100',
        condition: { attribute: 'SHIPPING_INCL_TAX', operator: 'MORE_THAN', amount: 100 },
      },
    });
    expect(changed.status, changed.body.toString()).toBe(200);
    const gone = await send(
      admin,
      'DELETE',
      `/purchase-orders/approval-rules?uid=${encodeURIComponent(uid)}`,
    );
    expect(gone.status, gone.body.toString()).toBe(200);
    expect(parse<RulesAnswer>(await send(admin, 'GET', '/purchase-orders/approval-rules')).rules).toEqual([]);
  });

  it('refuses a customer in no company, a guest, another site, and says when Magento is down', async () => {
    const loner = await backend.newCustomer();
    const session = await sessionCookie(shop.url, SITE, loner.email, loner.password);
    const list = await send(session, 'GET', '/purchase-orders?list=mine');
    expect(list.status).toBe(403);
    expect(parse<{ message: string }>(list).message).toBe(t.notInCompany);
    expect(parse<{ enabled: boolean }>(await send(session, 'GET', '/purchase-orders/access')).enabled).toBe(
      false,
    );
    expect((await send('', 'GET', '/purchase-orders?list=mine')).status).toBe(401);
    const crossSite = await raw(shop.url, '/purchase-orders/approve', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json', Cookie: session },
      body: JSON.stringify({ uid: 'MQ==', comment: '' }),
    });
    expect(crossSite.status).toBe(403);
    const unavailable = await send(session, 'GET', '/purchase-orders?list=mine', undefined, down.url);
    expect([401, 503]).toContain(unavailable.status);
  });
});

describe('the purchase order’s page', () => {
  const open = (session: string, path: string) =>
    raw(shop.url, path, { headers: session ? { Cookie: session } : {} });

  it('is Not Found, the shop’s not-found page, to another company and for a uid with none; the page to its company', async () => {
    const { company, buyer, purchaseOrder } = await waitingPurchaseOrder();
    const path = `/company/purchase-orders/${encodeURIComponent(purchaseOrder.uid)}`;

    const stranger = await signIn((await makeCompany(backend)).admin);
    const theirs = await open(stranger, path);
    expect(theirs.status).toBe(404);
    expect(theirs.body.toString()).toContain('Page not found');
    expect(theirs.body.toString()).not.toContain(PURCHASE_ORDER_PAGE);
    expect(theirs.headers['cache-control']).toBe('private, no-store');
    const asQuery = await open(
      stranger,
      `/company/purchase-orders/view?uid=${encodeURIComponent(purchaseOrder.uid)}`,
    );
    expect(asQuery.status).toBe(404);
    const none = await open(buyer, `/company/purchase-orders/${encodeURIComponent(btoa('999999'))}`);
    expect(none.status).toBe(404);
    expect(none.body.toString()).toContain('Page not found');

    for (const member of [buyer, await signIn(company.approver)]) {
      const own = await open(member, path);
      expect(own.status).toBe(200);
      expect(own.body.toString()).toContain(PURCHASE_ORDER_PAGE);
      expect(own.headers['cache-control']).toBe('private, no-cache');
    }
    // Signed out, the page as before: its island sends the shopper to sign in.
    const guest = await open('', path);
    expect(guest.status).toBe(200);
    expect(guest.body.toString()).toContain(PURCHASE_ORDER_PAGE);
  });

  it('leaves the list’s own page, and the view page without a uid, as they were', async () => {
    const { buyer } = await waitingPurchaseOrder();
    for (const list of [
      '/company/purchase-orders',
      '/company/purchase-orders/',
      '/company/purchase-orders?list=approval',
    ]) {
      const reply = await open(buyer, list);
      expect(reply.status, list).toBe(200);
      expect(reply.body.toString(), list).toContain(PURCHASE_ORDERS_LIST);
    }
    const view = await open(buyer, '/company/purchase-orders/view');
    expect(view.status).toBe(200);
    expect(view.body.toString()).toContain(PURCHASE_ORDER_PAGE);
  });
});
