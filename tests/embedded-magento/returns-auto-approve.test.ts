/**
 * `rma/policy/auto_approve` on, and a mail server that is down: a new return starts Approved, and the
 * e-mails that cannot be sent are logged without failing the return (the module's Sender catches and
 * logs).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHOP_RETURN_SETTINGS } from '@cleaning-shop/embedded-magento/returns/settings.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { CREATE_CUSTOMER_RETURN, LOOKUP, paidOrder } from './returns-helpers.ts';

let backend: TestBackend;
const logged: string[] = [];

/** A port nothing listens on: taken, then given back. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

beforeAll(async () => {
  backend = await startTestBackend({
    smtpUrl: `smtp://127.0.0.1:${String(await deadPort())}`,
    returns: { ...SHOP_RETURN_SETTINGS, autoApprove: true, adminNotifyEmail: 'desk@example.com' },
    log: (line) => logged.push(line),
  });
});
afterAll(() => backend.stop());

it('approves a new return at once, and logs the e-mails it could not send', async () => {
  const customer = await backend.newCustomer();
  const order = await paidOrder(backend, { token: customer.token, qty: 1 });
  const input = {
    order_id: order.id,
    reason_id: LOOKUP.noLongerNeeded,
    resolution_type_id: LOOKUP.returnResolution,
    items: [{ order_item_id: order.itemId, qty_requested: 1 }],
  };
  const created = expectData(
    await gql(backend, CREATE_CUSTOMER_RETURN, { token: customer.token, variables: { input } }),
  );
  expect(created.createCustomerReturn.return.status).toEqual({
    id: LOOKUP.approved,
    code: 'approved',
    label: 'Approved',
  });
  const number = String(created.createCustomerReturn.return.increment_id);
  const subjects = logged
    .filter((line) => line.startsWith('RMA: Failed to send email'))
    .map((line) => /"(.*)"/.exec(line)?.[1]);
  expect(subjects).toEqual([
    `Your RMA Request #${number} from Clearwater Cleaning`,
    `New RMA Request #${number}`,
  ]);
});
