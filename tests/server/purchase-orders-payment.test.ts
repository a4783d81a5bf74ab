/**
 * Card and PayPal for a company that approves its orders (issue 68): the payments' check refuses before any
 * money is taken, asked of a real embedded back end over HTTP with the integration token, as the payment
 * routes ask it; a company without purchase orders and a customer of no company pay as before; a back end
 * that cannot be reached refuses with 503, not a silent pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrdersAtPayment } from '../../src/features/purchase-orders/index.server.ts';
import { purchaseOrderTexts as t } from '../../src/features/purchase-orders/index.ts';
import type { CheckoutCart } from '../../src/payments/magento-checkout.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeCompany } from './purchase-order-company.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.stop();
});

const check = (baseUrl: string) =>
  purchaseOrdersAtPayment({ baseUrl, token: INTEGRATION_TOKEN, attempts: 1, timeoutMs: 3_000 });

/** A cart as the payments read it, of the given customer (nothing else matters to this check). */
const cartOf = (customerId: number | undefined) =>
  ({ id: 1, lines: [], customerId, customerEmail: undefined }) as unknown as CheckoutCart;

describe('card and PayPal for a company buyer', () => {
  it('refuses when the company places purchase orders, before any money is taken', async () => {
    const company = await makeCompany(backend);
    const refusal = await check(backend.url).beforePayment(cartOf(company.buyer.id));
    expect(refusal).toMatchObject({ check: 'purchase-orders', status: 409, message: t.payOnAccountInstead });
  });

  it('lets a company without purchase orders, a retail customer and a guest pay', async () => {
    const company = await makeCompany(backend, false);
    await expect(check(backend.url).beforePayment(cartOf(company.buyer.id))).resolves.toBeUndefined();
    // Customer 1 is the demo's retail customer, in no company.
    await expect(check(backend.url).beforePayment(cartOf(1))).resolves.toBeUndefined();
    await expect(check(backend.url).beforePayment(cartOf(undefined))).resolves.toBeUndefined();
  });

  it('refuses with 503 when the company cannot be read', async () => {
    const refusal = await check('http://127.0.0.1:9').beforePayment(cartOf(42));
    expect(refusal).toMatchObject({ status: 503, message: t.companyUnreadable });
  });
});
