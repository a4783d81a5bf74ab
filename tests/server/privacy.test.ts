/**
 * "Your data and privacy" through the storefront server, against a real embedded back end and a shared
 * store: the export holds what the account shows (account and addresses as `customers/me` gives them,
 * each order as its page shows it, the wish list as the wish-list route answers it) and the shop's own
 * records of that customer only; deleting the account refuses a wrong password (counted as a failed
 * sign-in, nothing changed), and with the right one removes the customer in Magento, the shop's own
 * records that may go, and the session, and confirms it by e-mail to the address the account had (read
 * from the mail catcher); a wrong password sends nothing.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/features/orders/order.ts';
import type { MyData } from '../../src/features/privacy/my-data.ts';
import { SESSION_COOKIE, trustedProxies } from '../../src/http/index.ts';
import { customerPayments } from '../../src/payments/customer-records.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createOrdersRoutes } from '../../src/server/shopper/orders.ts';
import { createPrivacyRoutes } from '../../src/server/shopper/privacy.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { SignInThrottle } from '../../src/server/shopper/sign-in-throttle.ts';
import { createWishlistRoutes } from '../../src/server/shopper/wishlist.ts';
import { strings } from '../../src/strings.ts';
import { addToWishlist } from '../embedded-magento/graphql-helpers.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { placeTestOrder } from '../support/orders.ts';
import { sqliteTestStore, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';
import { TEST_SELLER } from '../support/seller.ts';
import { deletedMailTexts } from '../../src/features/privacy/deleted-mail.ts';
import { eventually, startTestCatcher, testShopMail, type TestCatcher } from '../support/mail.ts';

const SITE = 'http://127.0.0.1:4321';
/** Nothing listens there: Magento "down". */
const DOWN = 'http://127.0.0.1:9';
const t = strings.myData;
let backend: TestBackend;
let stores: TestStore;
let site: FakeSite;
let shop: RunningStorefront;
let downShop: RunningStorefront;
let sku: string;
let catcher: TestCatcher;
let shopMail: ReturnType<typeof testShopMail>;

function privacyRoutes(baseUrl: string, store: TestStore['store'], throttle: SignInThrottle) {
  return createPrivacyRoutes({
    magento: { baseUrl, token: INTEGRATION_TOKEN },
    graphql: { baseUrl, timeoutMs: 5_000, attempts: 1 },
    records: { payments: customerPayments(store) },
    siteUrl: SITE,
    // The tests play different clients through X-Forwarded-For from loopback.
    trustedProxies: trustedProxies(['loopback']),
    throttle,
    mail: shopMail.mail,
  });
}

beforeAll(async () => {
  [backend, catcher] = await Promise.all([startTestBackend(), startTestCatcher()]);
  stores = sqliteTestStore();
  shopMail = testShopMail(stores.store, catcher);
  site = makeFakeSite();
  const throttle = new SignInThrottle(SITE, { store: stores.store });
  const magento = { baseUrl: backend.url };
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento, siteUrl: SITE, tokenLifetime: 3600, throttle }),
      createOrdersRoutes({
        seller: TEST_SELLER,
        magento: { ...magento, token: INTEGRATION_TOKEN },
        siteUrl: SITE,
        trustedProxies: trustedProxies([]),
      }),
      createWishlistRoutes({ magento, siteUrl: SITE }),
      privacyRoutes(backend.url, stores.store, throttle),
    ],
  });
  downShop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [privacyRoutes(DOWN, stores.store, new SignInThrottle(SITE))],
  });
  sku = (await pickProduct(backend, 50)).sku;
});
afterAll(async () => {
  await shop.close();
  await downShop.close();
  shopMail.stop();
  await catcher.dispose();
  await backend.stop();
  await stores.dispose();
  rmSync(site.root, { recursive: true, force: true });
});

const origin = { Origin: SITE };
const json = <T>(reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as T;

interface Shopper {
  id: number;
  email: string;
  password: string;
  token: string;
  session: string;
}

let clients = 0;
/** A client address of its own, so the per-client sign-in count of one test never holds up another. */
const newClient = () => ({ 'X-Forwarded-For': `203.0.113.${++clients}` });

async function newShopper(email?: string): Promise<Shopper> {
  const customer = await backend.newCustomer(email);
  const reply = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...origin, ...newClient() },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return { ...customer, session: cookie?.split(';')[0] ?? '' };
}

const exportOf = (session: string, base = shop.url) =>
  raw(base, '/account/data', { headers: { Cookie: session } });
const deleteAccount = (session: string, password: string, client: Record<string, string>, base = shop.url) =>
  raw(base, '/account/delete', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: session, ...origin, ...client },
    body: JSON.stringify({ password }),
  });

type Payer = Pick<Shopper, 'id' | 'email'>;

/**
 * A card transaction of the payment bridge for `payer`'s account (a guest's cart with their address when
 * `kind` is guest), ended in `state` or still under way.
 */
async function payment(
  payer: Payer,
  state: 'PAID' | 'FAILED' | 'REGISTERED',
  kind: 'customer' | 'guest' = 'customer',
  method: 'card' | 'paylater' = 'card',
) {
  const payments = openPaymentStore(stores.store);
  const provider = method === 'card' ? 'opayo' : 'paypal';
  const code = `T${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  const customerId = kind === 'customer' ? payer.id : null;
  await payments.insert({
    ...{ code, provider, method, providerRef: `{${code}}`, providerData: 'PROVIDER-SECRET' },
    ...{ amountPence: 12_345, currency: 'GBP', cartKind: kind, guestCart: null, email: payer.email },
    ...{ customerId, cartId: 1, cartLines: `${sku}×1` },
  });
  if (state === 'REGISTERED') return code;
  await payments.finish(code, ['REGISTERED'], {
    state,
    providerStatus: state === 'PAID' ? 'OK' : 'NOTAUTHED',
    reply: { status: 'OK', redirectUrl: `${SITE}/done` },
    ...(state === 'PAID' ? { orderNumber: '000000999' } : { failure: 'Card declined' }),
  });
  return code;
}

describe('GET /account/data', () => {
  it('holds what the account shows: account and addresses, every order, the wish list, the alerts', async () => {
    const alice = await newShopper();
    const placed = [];
    for (let n = 1; n <= 3; n++)
      placed.push(await placeTestOrder(backend, { token: alice.token, lines: [{ sku, qty: n }] }));
    await placeTestOrder(backend, { token: (await newShopper()).token, lines: [{ sku, qty: 1 }] });
    await addToWishlist(backend, alice.token, [{ sku, quantity: 1 }], '0');
    const subscribed = await backend.call('POST', '/graphql', {
      token: alice.token,
      body: {
        query: `mutation { subscribeProductAlertPrice(input: { sku: ${JSON.stringify(sku)} }) { success } }`,
      },
    });
    expect(subscribed.body.data.subscribeProductAlertPrice.success).toBe(true);

    const reply = await exportOf(alice.session);
    expect(reply.status, reply.body.toString()).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const data = json<MyData>(reply);

    const me = await backend.call('GET', '/rest/V1/customers/me', { token: alice.token });
    expect(data.account).toEqual(me.body);
    expect(data.account['addresses']).toEqual([expect.objectContaining({ city: 'Leeds' })]);
    expect(data.orders.map((order) => order.number)).toEqual(placed.map((o) => o.number).reverse());
    for (const order of data.orders) {
      const page = await raw(shop.url, `/orders/mine/${order.number}`, {
        headers: { Cookie: alice.session },
      });
      expect(order).toEqual(json<OrderDetail>(page));
    }
    expect(data.orders[0]?.lines).toEqual([expect.objectContaining({ sku, qty: 3 })]);
    const list = json<{ items: { sku: string; name: string | null }[] }>(
      await raw(shop.url, '/wishlist/items', { headers: { Cookie: alice.session } }),
    );
    expect(data.wishlist).toEqual(list.items.map(({ sku: s, name }) => ({ sku: s, name })));
    expect(data.wishlist.map((item) => item.sku)).toEqual([sku]);
    expect(data.alerts).toEqual([
      {
        kind: 'price',
        sku,
        name: expect.any(String),
        price: expect.any(Number),
        since: expect.any(String),
        sent: false,
      },
    ]);
    expect(data.shop).toBe(SITE);
  });

  it("holds the shop's own records of that customer only, without the provider's secrets", async () => {
    const bob = await newShopper();
    const failed = await payment(bob, 'FAILED');
    const paid = await payment(bob, 'PAID', 'customer', 'paylater');
    // Refunded in part in PayPal's dashboard (its webhook notes it).
    await openPaymentStore(stores.store).recordRefund(paid, 2_000);
    await payment(bob, 'FAILED', 'guest');
    await payment({ id: bob.id + 1_000, email: bob.email }, 'FAILED');
    await deleteAccount(bob.session, 'not-the-password', newClient());

    const reply = await exportOf(bob.session);
    const data = json<MyData>(reply);
    const payments = data.shopRecords.payments;
    // Both were written in the same millisecond or two: their order between them is not the point.
    expect(payments.map((p) => `${p.reference} ${p.state}`).sort()).toEqual(
      [`${failed} FAILED`, `${paid} PAID`].sort(),
    );
    const paidOne = payments.find((p) => p.reference === paid);
    expect(paidOne).toMatchObject({
      ...{ provider: 'paypal', method: 'paylater', amount: 123.45, refunded: 20 },
      ...{ orderNumber: '000000999', basket: [`${sku}×1`] },
    });
    expect(data.shopRecords.failedSignIns).toBe(1);
    expect(reply.body.toString()).not.toContain('PROVIDER-SECRET');
  });

  it('is for a signed-in customer only; an ended session is said, and a Magento that is down', async () => {
    const anonymous = await exportOf('');
    expect(anonymous.status).toBe(401);
    expect(json<{ message: string }>(anonymous).message).toBe(t.signIn);
    const ended = await exportOf(`${SESSION_COOKIE}=ended0123456789abcdef`);
    expect(ended.status).toBe(401);
    expect(ended.headers['set-cookie']?.[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    const down = await exportOf((await newShopper()).session, downShop.url);
    expect(down.status).toBe(503);
    expect(json<{ message: string }>(down).message).toBe(t.exportUnavailable);
  });
});

describe('POST /account/delete', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const carol = await newShopper();
    const reply = await deleteAccount(carol.session, 'Wr0ng!password', newClient());
    expect(reply.status).toBe(400);
    expect(json<{ message: string }>(reply).message).toBe(t.wrongPassword);
    expect(reply.headers['set-cookie']).toBeUndefined();
    const still = await backend.call('GET', `/rest/V1/customers/${carol.id}`, { token: INTEGRATION_TOKEN });
    expect(still.status).toBe(200);
    expect((await exportOf(carol.session)).status).toBe(200);
    expect(await catcher.messagesTo(carol.email)).toEqual([]);
  });

  it('with the right password removes the customer in Magento and the shop, and ends the session', async () => {
    const dave = await newShopper();
    const order = await placeTestOrder(backend, { token: dave.token, lines: [{ sku, qty: 1 }] });
    const failed = await payment(dave, 'FAILED');
    const paid = await payment(dave, 'PAID');

    const reply = await deleteAccount(dave.session, dave.password, newClient());
    expect(reply.status, reply.body.toString()).toBe(200);
    expect(json(reply)).toEqual({ deleted: true });
    const cookies = reply.headers['set-cookie'] ?? [];
    expect(cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/);
    expect(cookies.find((line) => line.startsWith('shop_known='))).toMatch(/Max-Age=0/);

    const gone = await backend.call('GET', `/rest/V1/customers/${dave.id}`, { token: INTEGRATION_TOKEN });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'customerId', fieldValue: dave.id },
    });
    expect((await exportOf(dave.session)).status).toBe(401);
    const kept = await backend.call('GET', `/rest/V1/orders/${order.id}`, { token: INTEGRATION_TOKEN });
    expect(kept.status).toBe(200);
    expect(kept.body.customer_id).toBeUndefined();
    // The paid transaction stays with its order for the merchant's tax records, linked to nobody.
    expect(await customerPayments(stores.store).of(dave.id)).toEqual([]);
    const left = await openPaymentStore(stores.store).get(paid);
    expect(left).toMatchObject({ state: 'PAID', orderNumber: '000000999', customerId: null, email: '' });
    expect(await openPaymentStore(stores.store).get(failed)).toBeUndefined();

    // The confirmation goes to the address the account had, signed by the shop.
    const [mail] = await eventually(async () => {
      const caught = await catcher.messagesTo(dave.email);
      return caught.length > 0 && caught;
    });
    expect(mail?.subject).toBe(deletedMailTexts.subject);
    expect(mail?.text).toContain(deletedMailTexts.done);
    expect(mail?.text).toContain(
      'Clearwater Cleaning\nUnit 4, Riverside Park, Leeds LS10 1AB, United Kingdom',
    );
  });

  it("leaves nothing of a deleted customer's to the next account opened with their address", async () => {
    const pat = await newShopper();
    const paid = await payment(pat, 'PAID');
    const underWay = await payment(pat, 'REGISTERED');
    await payment(pat, 'FAILED');
    expect((await deleteAccount(pat.session, pat.password, newClient())).status).toBe(200);

    const next = await newShopper(pat.email);
    expect(next.id).not.toBe(pat.id);
    const reply = await exportOf(next.session);
    expect(reply.status, reply.body.toString()).toBe(200);
    expect(json<MyData>(reply).shopRecords.payments).toEqual([]);
    for (const code of [paid, underWay]) expect(reply.body.toString()).not.toContain(code);
  });

  it("keeps a customer's payments in their export when they change their e-mail address", async () => {
    const quinn = await newShopper();
    const paid = await payment(quinn, 'PAID');
    const me = await backend.call('GET', '/rest/V1/customers/me', { token: quinn.token });
    const changed = await backend.call('PUT', '/rest/V1/customers/me', {
      token: quinn.token,
      body: { customer: { ...me.body, email: `new.${quinn.email}` } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const mine = json<MyData>(await exportOf(quinn.session)).shopRecords.payments;
    expect(mine.map((p) => p.reference)).toEqual([paid]);
    // The old address, taken by someone else, brings them nothing.
    const other = await newShopper(quinn.email);
    expect(json<MyData>(await exportOf(other.session)).shopRecords.payments).toEqual([]);
  });

  it('holds off guessing like sign-in does: after 5 wrong passwords even the right one waits', async () => {
    const erin = await newShopper();
    for (let n = 0; n < 5; n++)
      expect((await deleteAccount(erin.session, `guess-${n}`, newClient())).status).toBe(400);
    const held = await deleteAccount(erin.session, erin.password, newClient());
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    const still = await backend.call('GET', `/rest/V1/customers/${erin.id}`, { token: INTEGRATION_TOKEN });
    expect(still.status).toBe(200);
  });

  it('refuses another site, a missing password, no session; says when Magento is down', async () => {
    const frank = await newShopper();
    const crossSite = await raw(shop.url, '/account/delete', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: frank.session, Origin: 'https://evil.test' },
      body: JSON.stringify({ password: frank.password }),
    });
    expect(crossSite.status).toBe(403);
    const missing = await deleteAccount(frank.session, '', newClient());
    expect(missing.status).toBe(400);
    expect(json<{ message: string }>(missing).message).toBe(t.passwordMissing);
    expect((await deleteAccount('', frank.password, newClient())).status).toBe(401);
    const down = await deleteAccount(frank.session, frank.password, newClient(), downShop.url);
    expect(down.status).toBe(503);
    expect(json<{ message: string }>(down).message).toBe(t.deleteUnavailable);
    const still = await backend.call('GET', `/rest/V1/customers/${frank.id}`, { token: INTEGRATION_TOKEN });
    expect(still.status).toBe(200);
  });
});
