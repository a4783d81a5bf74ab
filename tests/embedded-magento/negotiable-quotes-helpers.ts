/**
 * Plumbing for the negotiable-quote contract tests: a company written straight into the back end's tables
 * (the company module's own calls are another helper's), its buyers with a role allowing the resources
 * given, a quote requested from a basket, and the seller's REST calls.
 */
import { expect } from 'vitest';
import { INTEGRATION_TOKEN, type TestBackend } from '../support/backend.ts';
import { customerCart } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';

export const QUOTE_RESOURCES = [
  'Magento_NegotiableQuote::all',
  'Magento_NegotiableQuote::view_quotes',
  'Magento_NegotiableQuote::manage',
  'Magento_NegotiableQuote::checkout',
];

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** A new approved company with `admin` as its administrator; its id. */
export function makeCompany(backend: TestBackend, admin: { id: number; email: string }, status = 1): number {
  const id = backend.db.run(
    `INSERT INTO company (status, company_name, company_email, super_user_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    status,
    `Company of ${admin.email}`,
    `company.${admin.email}`,
    admin.id,
    now(),
    now(),
  ).lastInsertRowid;
  backend.db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id) VALUES (?, ?)',
    admin.id,
    id,
  );
  return id;
}

/** `customerId` joins the company as a buyer whose role allows `resources` only. */
export function addBuyer(
  backend: TestBackend,
  companyId: number,
  customerId: number,
  resources: readonly string[],
) {
  backend.db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id) VALUES (?, ?)',
    customerId,
    companyId,
  );
  const role = backend.db.run(
    'INSERT INTO company_roles (role_name, company_id) VALUES (?, ?)',
    `Role ${String(customerId)}`,
    companyId,
  ).lastInsertRowid;
  for (const resource of resources)
    backend.db.run(
      "INSERT INTO company_permissions (company_id, role_id, resource_id, permission) VALUES (?, ?, ?, 'allow')",
      companyId,
      role,
      resource,
    );
  backend.db.run('INSERT INTO company_user_roles (role_id, user_id) VALUES (?, ?)', role, customerId);
}

export const QUOTE_FIELDS = `uid name status created_at updated_at total_quantity email
  buyer { firstname lastname }
  items { __typename uid quantity product { sku name }
    prices { price_including_tax { value currency } row_total_including_tax { value } original_item_price { value } } }
  prices { grand_total { value currency } subtotal_including_tax { value } }
  comments { uid creator_type author { firstname lastname } text created_at }
  history { uid change_type author { firstname } created_at
    changes { statuses { changes { old_status new_status } } comment_added { comment }
      total { old_price { value } new_price { value } } expiration { old_expiration new_expiration } } }`;

export const REQUEST = `mutation ($cart: ID!, $name: String!, $comment: String!) {
  requestNegotiableQuote(input: { cart_id: $cart, quote_name: $name, comment: { comment: $comment } }) {
    quote { ${QUOTE_FIELDS} } } }`;

export const READ = `query ($uid: ID!) { negotiableQuote(uid: $uid) { ${QUOTE_FIELDS} } }`;

/** The buyer's basket holding `lines`, then a quote requested from it; the quote as answered. */
export async function requestQuote(
  backend: TestBackend,
  token: string,
  lines: readonly (readonly [string, number])[],
  comment = 'Five for the new site, please',
) {
  await customerCart(backend, token, lines);
  const cart = expectData(await gql(backend, '{ customerCart { id } }', { token })).customerCart.id as string;
  const data = expectData(
    await gql(backend, REQUEST, { token, variables: { cart, name: 'Site kit', comment } }),
  );
  return data.requestNegotiableQuote.quote;
}

/** The quote's id as the seller's REST knows it (the one quote of the customer named). */
export async function sellerQuoteId(backend: TestBackend, customerId: number): Promise<number> {
  const reply = await backend.call(
    'GET',
    `/rest/V1/negotiableQuote?searchCriteria[filterGroups][0][filters][0][field]=customer_id&searchCriteria[filterGroups][0][filters][0][value]=${String(customerId)}`,
    { token: INTEGRATION_TOKEN },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.items[0].id as number;
}

export const seller = (backend: TestBackend, method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1/negotiableQuote${path}`, { token: INTEGRATION_TOKEN, body });
