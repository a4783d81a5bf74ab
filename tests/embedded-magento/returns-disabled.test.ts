/**
 * Mage-OS's returns module switched off (`rma/general/enabled` 0): no order is eligible, so a return is
 * refused with the module's message, and no e-mail goes out; the lookups are there all the same.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHOP_RETURN_SETTINGS } from '@cleaning-shop/embedded-magento/returns/settings.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { gql } from './graphql-helpers.ts';
import {
  CREATE_CUSTOMER_RETURN,
  expectRefusal,
  LOOKUP,
  paidOrder,
  startMailCatcher,
  type MailCatcher,
} from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({
    smtpUrl: mail.url,
    returns: { ...SHOP_RETURN_SETTINGS, enabled: false },
  });
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

it('refuses every return as not eligible, and sends nothing', async () => {
  const customer = await backend.newCustomer();
  const order = await paidOrder(backend, { token: customer.token, qty: 1 });
  const input = {
    order_id: order.id,
    reason_id: LOOKUP.noLongerNeeded,
    resolution_type_id: LOOKUP.returnResolution,
    items: [{ order_item_id: order.itemId, qty_requested: 1 }],
  };
  expectRefusal(
    await gql(backend, CREATE_CUSTOMER_RETURN, { token: customer.token, variables: { input } }),
    'This order is not eligible for a return.',
    'graphql-input',
  );
  expect(mail.mails).toEqual([]);
});
