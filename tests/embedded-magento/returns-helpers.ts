/**
 * Plumbing for the returns tests (Mage-OS's returns module in the embedded back end): a throwaway SMTP
 * server catching what the back end sends, an order a customer or guest has paid for, and the module's
 * GraphQL operations as a storefront sends them.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { INTEGRATION_TOKEN, pickProduct, type Reply, type TestBackend } from '../support/backend.ts';
import { placeTestOrder, type TestOrderAddress } from '../support/orders.ts';

export interface CaughtMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface MailCatcher {
  readonly url: string;
  readonly mails: CaughtMail[];
  /** The mails to `address` caught so far. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}

/** An SMTP server on a free port of 127.0.0.1 that keeps every message, parsed. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: parsed.from?.text ?? '',
            to: [parsed.to ?? []]
              .flat()
              .map((to) => to.text)
              .join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          done();
        })
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    to: (address) => mails.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PaidOrder {
  readonly id: number;
  readonly number: string;
  /** The order's one line. */
  readonly itemId: number;
  readonly sku: string;
  readonly name: string;
}

/** An order of `qty` of one product, invoiced (Magento: processing, paid and not yet dispatched). */
export async function paidOrder(
  backend: TestBackend,
  options: { token?: string; qty: number; address?: TestOrderAddress; invoice?: boolean },
): Promise<PaidOrder> {
  const product = await pickProduct(backend, options.qty + 1);
  const placed = await placeTestOrder(backend, {
    ...(options.token ? { token: options.token } : {}),
    ...(options.address ? { address: options.address } : {}),
    lines: [{ sku: product.sku, qty: options.qty }],
  });
  if (options.invoice !== false) {
    const invoiced = await backend.call('POST', `/rest/V1/order/${String(placed.id)}/invoice`, {
      token: INTEGRATION_TOKEN,
      body: { capture: true },
    });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
  }
  const order = await backend.call('GET', `/rest/V1/orders/${String(placed.id)}`, {
    token: INTEGRATION_TOKEN,
  });
  const item = (order.body.items as { item_id: number; sku: string; name: string }[])[0];
  if (!item) throw new Error('the order has no line');
  return { id: placed.id, number: placed.number, itemId: item.item_id, sku: item.sku, name: item.name };
}

export const RETURN_FIELDS = `rma_id increment_id order_number created_at updated_at
  status { id code label } reason { id code label } resolution_type { id code label }
  items { item_id order_item_id product_name product_sku qty_requested qty_approved qty_returned condition { id code label } }
  comments { comment_id author_type author_name comment created_at }`;

export const CREATE_CUSTOMER_RETURN = `mutation Create($input: CreateReturnInput!) {
  createCustomerReturn(input: $input) { return { ${RETURN_FIELDS} } }
}`;

export const CREATE_GUEST_RETURN = `mutation Create($input: CreateGuestReturnInput!) {
  createGuestReturn(input: $input) { return { ${RETURN_FIELDS} } }
}`;

/** The module's default lookups' ids, in the order its data patches install them. */
export const LOOKUP = {
  newRequest: 1,
  approved: 3,
  noLongerNeeded: 5,
  returnResolution: 2,
  unopened: 3,
} as const;

/**
 * The reply is a GraphQL refusal: one error with the module's message and category, under Magento's
 * status for it (403 for an authorization error, else 200).
 */
export function expectRefusal(reply: Reply, message: string, category: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(category === 'graphql-authorization' ? 403 : 200);
  expect(reply.body.errors, JSON.stringify(reply.body)).toHaveLength(1);
  expect(reply.body.errors[0]).toMatchObject({ message, extensions: { category } });
}
