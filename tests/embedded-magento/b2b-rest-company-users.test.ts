/**
 * A company user made and changed by the merchant through `PUT /V1/customers/:id` with
 * `extension_attributes.company_attributes` (Adobe's B2B REST reference, "Manage company users"), as
 * Magento_Company's plugin on the customer repository does it: every customer answers company attributes
 * (company id 0 for none); a company id puts the customer in that company, under its administrator, with
 * its first role and in its customer group, or moves them there; the refusals in Magento's words. And the
 * company calls' "already assigned to company." refusal as Magento words it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { admin, makeCompany, ok } from './b2b-rest-helpers.ts';
import { expectError } from './helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const readCustomer = async (id: number) => ok(await admin(backend, 'GET', `/customers/${String(id)}`));

/** The customer saved back as read, with the company attributes given. */
async function saveAttributes(id: number, attributes: Record<string, unknown>) {
  const customer = await readCustomer(id);
  return admin(backend, 'PUT', `/customers/${String(id)}`, {
    customer: {
      ...customer,
      extension_attributes: { ...customer.extension_attributes, company_attributes: attributes },
    },
  });
}

async function tokenOf(email: string, password: string): Promise<string> {
  const reply = await backend.call('POST', '/rest/V1/integration/customer/token', {
    body: { username: email, password },
  });
  return String(ok(reply));
}

const USERS = '{ company { users { items { email job_title telephone status role { name } } } } }';

describe('company attributes of a customer', () => {
  it('answers company id 0 for a customer of no company, on creation and on reading', async () => {
    const email = `plain.${String(Date.now())}@example.com`;
    const created = ok(
      await backend.call('POST', '/rest/V1/customers', {
        body: { customer: { email, firstname: 'Melanie', lastname: 'Shaw' }, password: 'Sw33p!ngFloors' },
      }),
    );
    expect(created.extension_attributes.company_attributes).toEqual({
      customer_id: created.id,
      company_id: 0,
    });
    expect((await readCustomer(created.id)).extension_attributes.company_attributes).toEqual({
      customer_id: created.id,
      company_id: 0,
      status: 1,
    });
  });
});

describe('PUT /V1/customers/:id with company_attributes.company_id', () => {
  it('puts the customer in the company: under its administrator, its first role, its group', async () => {
    const company = await makeCompany(backend, { customer_group_id: 5 });
    const customer = await backend.newCustomer();
    const attributes = {
      company_id: company.id,
      job_title: 'Sales Rep',
      telephone: '0113 496 0200',
      status: 1,
    };
    const saved = ok(await saveAttributes(customer.id, attributes));
    expect(saved.group_id).toBe(5);
    expect(saved.extension_attributes.company_attributes).toEqual({
      customer_id: customer.id,
      ...attributes,
    });
    expect((await readCustomer(customer.id)).extension_attributes.company_attributes).toEqual({
      customer_id: customer.id,
      ...attributes,
    });
    const tree = ok(await admin(backend, 'GET', `/hierarchy/${String(company.id)}`));
    const root = tree.find((node: { structure_parent_id: number }) => node.structure_parent_id === 0);
    const node = tree.find(
      (each: { entity_id: number; entity_type: string }) =>
        each.entity_type === 'customer' && each.entity_id === customer.id,
    );
    expect(node.structure_parent_id).toBe(root.structure_id);
    const token = await tokenOf(company.adminEmail, company.adminPassword);
    const users = expectData(await gql(backend, USERS, { token })).company.users.items;
    expect(users.find((user: { email: string }) => user.email === customer.email)).toEqual({
      email: customer.email,
      job_title: 'Sales Rep',
      telephone: '0113 496 0200',
      status: 'ACTIVE',
      role: { name: 'Default User' },
    });
  });

  it('moves a user of one company to another, and keeps a company user in its group', async () => {
    const first = await makeCompany(backend);
    const second = await makeCompany(backend, { customer_group_id: 3 });
    const customer = await backend.newCustomer();
    ok(await saveAttributes(customer.id, { company_id: first.id }));
    const moved = ok(await saveAttributes(customer.id, { company_id: second.id }));
    expect(moved.group_id).toBe(3);
    expect(moved.extension_attributes.company_attributes).toMatchObject({ company_id: second.id, status: 1 });
    const inFirst = ok(await admin(backend, 'GET', `/hierarchy/${String(first.id)}`));
    expect(
      inFirst.some(
        (node: { entity_id: number; entity_type: string }) =>
          node.entity_type === 'customer' && node.entity_id === customer.id,
      ),
    ).toBe(false);
    const read = await readCustomer(customer.id);
    const regrouped = ok(
      await admin(backend, 'PUT', `/customers/${String(customer.id)}`, {
        customer: { ...read, group_id: 1 },
      }),
    );
    expect(regrouped.group_id).toBe(3);
  });

  it('sets a user inactive, which signs them out', async () => {
    const company = await makeCompany(backend);
    const customer = await backend.newCustomer();
    ok(await saveAttributes(customer.id, { company_id: company.id }));
    const saved = ok(await saveAttributes(customer.id, { company_id: company.id, status: 0 }));
    expect(saved.extension_attributes.company_attributes).toEqual({
      customer_id: customer.id,
      company_id: company.id,
      status: 0,
    });
    expect((await backend.call('GET', '/rest/V1/customers/me', { token: customer.token })).status).toBe(401);
  });

  it("refuses a company user's save without the company id", async () => {
    const company = await makeCompany(backend);
    const customer = await backend.newCustomer();
    ok(await saveAttributes(customer.id, { company_id: company.id }));
    expectError(
      await saveAttributes(customer.id, { job_title: 'Cleaner' }),
      400,
      'You cannot update the requested attribute. Row ID: %fieldName = %fieldValue.',
      { fieldName: 'companyId', fieldValue: 0 },
    );
  });

  it("refuses to move a company's administrator, or set them inactive; and an unknown company", async () => {
    const company = await makeCompany(backend);
    const other = await makeCompany(backend);
    expectError(
      await saveAttributes(company.adminId, { company_id: other.id }),
      400,
      'Invalid attribute value. Cannot change company for a company admin.',
    );
    expectError(
      await saveAttributes(company.adminId, { company_id: company.id, status: 0 }),
      400,
      'The user %1 is the company admin and cannot be set to inactive. You must set another user as the company admin first.',
      ['Robin Hale'],
    );
    const customer = await backend.newCustomer();
    expectError(
      await saveAttributes(customer.id, { company_id: 976_543 }),
      404,
      'No such entity with %fieldName = %fieldValue',
      { fieldName: 'id', fieldValue: 976_543 },
    );
  });
});

describe('the company calls’ words', () => {
  it('refuses a user of another company as Magento words it, with its full stop', async () => {
    const company = await makeCompany(backend);
    const token = await tokenOf(company.adminEmail, company.adminPassword);
    const roles = expectData(await gql(backend, '{ company { roles { items { id } } } }', { token }));
    const reply = await gql(
      backend,
      'mutation ($input: CompanyUserCreateInput!) { createCompanyUser(input: $input) { user { id } } }',
      {
        token,
        variables: {
          input: {
            job_title: 'Buyer',
            role_id: roles.company.roles.items[0].id,
            firstname: 'Tom',
            lastname: 'Fielding',
            email: DEMO_COMPANY.buyer.email,
            telephone: '0113 496 0300',
            status: 'ACTIVE',
          },
        },
      },
    );
    expect(reply.body.errors?.[0]?.message).toBe(
      'A customer with the same email already assigned to company.',
    );
  });
});
