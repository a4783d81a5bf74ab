/**
 * Plumbing for the contract tests of the merchant's B2B REST (companies, roles, teams, company users):
 * calls with the integration's token, as an ERP makes them, and a company made the way Adobe's reference
 * makes one (`POST /V1/company/` of an existing customer).
 */
import { expect } from 'vitest';
import { INTEGRATION_TOKEN, type Reply, type TestBackend } from '../support/backend.ts';

let serial = 0;

/** A call with the integration's token (the body sent as JSON). */
export const admin = (backend: TestBackend, method: string, path: string, body?: unknown): Promise<Reply> =>
  backend.call(method, `/rest/V1${path}`, { token: INTEGRATION_TOKEN, body });

/** The reply is a 200; its body is returned. */
export function ok(reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** A company's fields as Adobe's "Create a company" example sends them, for a UK company. */
export function companyFields(superUserId: number, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    company_name: `Fenwick Cleaning ${String(serial)}`,
    company_email: `office.${String(Date.now())}.${String(serial)}@fenwick.example.com`,
    street: ['4 Canal Wharf'],
    city: 'Leeds',
    country_id: 'GB',
    region: 'West Yorkshire',
    postcode: 'LS11 5PS',
    telephone: '0113 496 0100',
    super_user_id: superUserId,
    customer_group_id: 1,
    ...overrides,
  };
}

export interface MadeCompany {
  readonly id: number;
  readonly adminId: number;
  readonly adminEmail: string;
  readonly adminPassword: string;
  readonly fields: ReturnType<typeof companyFields>;
}

/** A new customer and a company they administer, approved unless `status` says otherwise. */
export async function makeCompany(
  backend: TestBackend,
  overrides: Record<string, unknown> = {},
): Promise<MadeCompany> {
  const customer = await backend.newCustomer();
  const fields = companyFields(customer.id, { status: 1, ...overrides });
  const created = ok(await admin(backend, 'POST', '/company/', { company: fields }));
  return {
    id: created.id as number,
    adminId: customer.id,
    adminEmail: customer.email,
    adminPassword: customer.password,
    fields,
  };
}
