/**
 * A click & collect order's last steps with a mail transport configured: notified ready for pickup (the
 * e-mail goes, `notification_sent` is 1), invoiced at the counter (the order, shipped already, becomes
 * complete) and marked `collected` by staff with an order comment.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { guestCart, makeProduct, place, ship } from './checkout-helpers.ts';
import { ADDRESS } from './helpers.ts';
import { startMailCatcher, type MailCatcher } from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({ smtpUrl: mail.url });
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1${path}`, {
    token: INTEGRATION_TOKEN,
    ...(body === undefined ? {} : { body }),
  });

const DEPOT_ADDRESS = {
  ...ADDRESS,
  region: 'West Yorkshire',
  street: ['Unit 12, Calder Park'],
  city: 'Wakefield',
  postcode: 'WF2 7AA',
  extension_attributes: { pickup_location_code: 'depot' },
};

it('e-mails the customer, completes once invoiced, and takes the collected status', async () => {
  const sku = await makeProduct(backend, 25, 1);
  const stocked = await admin('POST', '/inventory/source-items', {
    sourceItems: [{ sku, source_code: 'depot', quantity: 4, status: 1 }],
  });
  expect(stocked.status).toBe(200);
  const cart = await guestCart(backend, [[sku, 1]]);
  expect((await ship(cart, 'instore', 'pickup', DEPOT_ADDRESS)).status).toBe(200);
  const orderId = Number((await place(cart)).body);

  const notified = await admin('POST', '/order/notify-orders-are-ready-for-pickup', { orderIds: [orderId] });
  expect(notified.body).toEqual({ successful: true, errors: [] });
  await expect.poll(() => mail.to(ADDRESS.email).length).toBe(1);
  const [sent] = mail.to(ADDRESS.email);
  expect(sent?.subject).toBe('Your Clearwater Cleaning order is ready for pickup');
  expect(sent?.text).toContain('Click & collect - Clearwater Cleaning Wakefield depot');

  const shipped = await admin('GET', `/orders/${String(orderId)}`);
  expect(shipped.body.extension_attributes).toMatchObject({ notification_sent: 1, send_notification: 1 });
  // AddStorePickupAttributesToOrder: shipped, not invoiced: state processing with the status complete.
  expect([shipped.body.state, shipped.body.status]).toEqual(['processing', 'complete']);
  expect(shipped.body.status_histories[0].comment).toMatch(/^Order notified for pickup at: /);

  expect((await admin('POST', `/order/${String(orderId)}/invoice`, { capture: true })).status).toBe(200);
  const invoiced = await admin('GET', `/orders/${String(orderId)}`);
  expect([invoiced.body.state, invoiced.body.status]).toEqual(['complete', 'complete']);

  const collected = await admin('POST', `/orders/${String(orderId)}/comments`, {
    statusHistory: { comment: 'Collected at the depot', status: 'collected' },
  });
  expect(collected.status, JSON.stringify(collected.body)).toBe(200);
  expect((await admin('GET', `/orders/${String(orderId)}`)).body.status).toBe('collected');
});
