/**
 * `companyCompanyRepositoryV1` against Adobe's B2B REST reference ("Manage company objects") and
 * Magento_Company's save validators: `POST /V1/company/` makes a company of an existing customer and answers
 * it as the save held it; `GET` answers it with `extension_attributes.quote_config`; `PUT` takes the body's id
 * and every required field; `DELETE` leaves its users customers of no company, inactive; each refusal in
 * Magento's words, with its status and parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { admin, companyFields, makeCompany, ok } from './b2b-rest-helpers.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const REQUIRED = '"%fieldName" is required. Enter and try again.';
const INVALID = 'Invalid value of "%value" provided for the %fieldName field.';
const NO_SUCH = 'No such entity with %fieldName = %fieldValue';

const searchByName = (name: string) =>
  `/company/?searchCriteria[filter_groups][0][filters][0][field]=company_name&searchCriteria[filter_groups][0][filters][0][value]=${encodeURIComponent(name)}`;

async function demoCompanyId(): Promise<number> {
  return ok(await admin(backend, 'GET', searchByName(DEMO_COMPANY.name))).items[0].id as number;
}

describe('POST /V1/company/', () => {
  it('makes a company of an existing customer, answered as the save held it', async () => {
    const customer = await backend.newCustomer();
    const fields = companyFields(customer.id, {
      legal_name: 'Fenwick Cleaning Ltd',
      vat_tax_id: 'GB123456789',
    });
    const created = ok(await admin(backend, 'POST', '/company/', { company: fields }));
    expect(created).toEqual({
      id: expect.any(Number),
      company_name: fields.company_name,
      legal_name: 'Fenwick Cleaning Ltd',
      company_email: fields.company_email,
      vat_tax_id: 'GB123456789',
      street: ['4 Canal Wharf'],
      city: 'Leeds',
      country_id: 'GB',
      region: 'West Yorkshire',
      postcode: 'LS11 5PS',
      telephone: '0113 496 0100',
      customer_group_id: 1,
      sales_representative_id: 1,
      reject_reason: null,
      rejected_at: null,
      super_user_id: customer.id,
      extension_attributes: { quote_config: { company_id: String(created.id), is_quote_enabled: false } },
    });
    // Sent no status: pending. The quote switch's row took its column's default.
    const read = ok(await admin(backend, 'GET', `/company/${String(created.id)}`));
    expect(Object.keys(read).slice(0, 3)).toEqual(['id', 'status', 'company_name']);
    expect(read).toMatchObject({
      status: 0,
      super_user_id: customer.id,
      extension_attributes: {
        quote_config: { company_id: String(created.id), is_quote_enabled: true },
        is_purchase_order_enabled: false,
      },
    });
    const user = ok(await admin(backend, 'GET', `/customers/${String(customer.id)}`));
    expect(user.extension_attributes.company_attributes).toEqual({
      customer_id: customer.id,
      company_id: created.id,
      status: 1,
    });
    const roles = ok(
      await admin(
        backend,
        'GET',
        `/company/role/?searchCriteria[filter_groups][0][filters][0][field]=company_id&searchCriteria[filter_groups][0][filters][0][value]=${String(created.id)}`,
      ),
    );
    expect(roles.items.map((role: { role_name: string }) => role.role_name)).toEqual(['Default User']);
  });

  it('saves and answers the quote switch and the purchase-order switch sent', async () => {
    const customer = await backend.newCustomer();
    const company = companyFields(customer.id, {
      extension_attributes: { quote_config: { is_quote_enabled: false }, is_purchase_order_enabled: true },
    });
    const created = ok(await admin(backend, 'POST', '/company/', { company }));
    expect(created.extension_attributes).toEqual({
      quote_config: { company_id: String(created.id), is_quote_enabled: false },
      is_purchase_order_enabled: true,
    });
    const read = ok(await admin(backend, 'GET', `/company/${String(created.id)}`));
    expect(read.extension_attributes.quote_config.is_quote_enabled).toBe(false);
    expect(read.extension_attributes.is_purchase_order_enabled).toBe(true);
  });

  it('refuses a body without a customer group before anything else (404)', async () => {
    expectError(await admin(backend, 'POST', '/company/', { company: {} }), 404, NO_SUCH, {
      fieldName: 'customerGroupId',
      fieldValue: null,
    });
  });

  it('lists every required field left out', async () => {
    const reply = await admin(backend, 'POST', '/company/', { company: { customer_group_id: 1 } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'One or more input exceptions have occurred.',
      errors: [
        'company_name',
        'company_email',
        'street',
        'city',
        'postcode',
        'telephone',
        'country_id',
        'super_user_id',
      ].map((fieldName) => ({ message: REQUIRED, parameters: { fieldName } })),
    });
  });

  it('refuses an administrator who is a user of another company', async () => {
    const [user] = ok(await admin(backend, 'GET', `/hierarchy/${String(await demoCompanyId())}`)).filter(
      (node: { entity_type: string; structure_parent_id: number }) =>
        node.entity_type === 'customer' && node.structure_parent_id !== 0,
    );
    expectError(
      await admin(backend, 'POST', '/company/', { company: companyFields(user.entity_id) }),
      400,
      'This customer is a user of a different company. Enter a different email address to continue.',
    );
  });

  it('refuses an unknown administrator, sales representative or country', async () => {
    const customer = await backend.newCustomer();
    expectError(
      await admin(backend, 'POST', '/company/', { company: companyFields(999_999) }),
      404,
      NO_SUCH,
      { fieldName: 'customerId', fieldValue: 999_999 },
    );
    expectError(
      await admin(backend, 'POST', '/company/', {
        company: companyFields(customer.id, { sales_representative_id: 77 }),
      }),
      404,
      NO_SUCH,
      { fieldName: 'salesRepresentativeId', fieldValue: 77 },
    );
    expectError(
      await admin(backend, 'POST', '/company/', {
        company: companyFields(customer.id, { country_id: 'XX' }),
      }),
      400,
      INVALID,
      { fieldName: 'country_id', value: 'XX' },
    );
    expectError(
      await admin(backend, 'POST', '/company/', {
        company: companyFields(customer.id, { country_id: 'US' }),
      }),
      400,
      INVALID,
      { fieldName: 'region_id', value: null },
    );
  });

  it("refuses another company's e-mail, a bad status and a field CompanyInterface has not", async () => {
    const customer = await backend.newCustomer();
    expectError(
      await admin(backend, 'POST', '/company/', {
        company: companyFields(customer.id, { company_email: DEMO_COMPANY.email.toUpperCase() }),
      }),
      400,
      'Company with this email address already exists in the system. Enter a different email address to continue.',
    );
    expectError(
      await admin(backend, 'POST', '/company/', { company: companyFields(customer.id, { status: 7 }) }),
      400,
      INVALID,
      { fieldName: 'status', value: 7 },
    );
    expectError(
      await admin(backend, 'POST', '/company/', { company: companyFields(customer.id, { website: 'x' }) }),
      400,
      '"%fieldName" is not supported. Correct the field name and try again.',
      { fieldName: 'website' },
    );
  });
});

describe('PUT /V1/company/:companyId', () => {
  it("saves the company the body's id names, every required field sent", async () => {
    const made = await makeCompany(backend, { status: 0 });
    const read = ok(await admin(backend, 'GET', `/company/${String(made.id)}`));
    const saved = ok(
      await admin(backend, 'PUT', `/company/${String(made.id)}`, {
        company: {
          ...read,
          status: 1,
          comment: 'Approved',
          extension_attributes: { quote_config: { is_quote_enabled: false } },
        },
      }),
    );
    expect(saved).toMatchObject({ id: made.id, status: 1, comment: 'Approved' });
    expect(saved.extension_attributes.quote_config).toEqual({
      company_id: String(made.id),
      is_quote_enabled: false,
    });
    const again = ok(await admin(backend, 'GET', `/company/${String(made.id)}`));
    expect(again).toMatchObject({ status: 1, comment: 'Approved', company_name: made.fields.company_name });
    expect(again.extension_attributes.quote_config.is_quote_enabled).toBe(false);
  });

  it('refuses a body of the status alone, as Magento requires every field each time', async () => {
    const made = await makeCompany(backend, { status: 0 });
    const put = (company: Record<string, unknown>) =>
      admin(backend, 'PUT', `/company/${String(made.id)}`, { company: { id: made.id, ...company } });
    expectError(await put({ status: 1 }), 404, NO_SUCH, { fieldName: 'customerGroupId', fieldValue: null });
    const reply = await put({ status: 1, customer_group_id: 1 });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('One or more input exceptions have occurred.');
    expect(reply.body.errors[0]).toEqual({ message: REQUIRED, parameters: { fieldName: 'company_name' } });
  });

  it('stamps a rejection, and refuses a reason changed without rejecting', async () => {
    const made = await makeCompany(backend, { status: 0 });
    const read = ok(await admin(backend, 'GET', `/company/${String(made.id)}`));
    const rejected = ok(
      await admin(backend, 'PUT', `/company/${String(made.id)}`, {
        company: { ...read, status: 2, reject_reason: 'Not a business' },
      }),
    );
    expect(rejected.rejected_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const stored = ok(await admin(backend, 'GET', `/company/${String(made.id)}`));
    expect(stored).toMatchObject({
      status: 2,
      reject_reason: 'Not a business',
      rejected_at: rejected.rejected_at,
    });
    expectError(
      await admin(backend, 'PUT', `/company/${String(made.id)}`, {
        company: { ...stored, reject_reason: 'Something else' },
      }),
      400,
      'Invalid attribute value. Rejected date&time and Rejected Reason can be changed only when a company status is changed to Rejected.',
    );
  });

  it("takes no id from the path: a body without one is a new company (here refused as the first's twin)", async () => {
    const made = await makeCompany(backend);
    const reply = await admin(backend, 'PUT', `/company/${String(made.id)}`, { company: made.fields });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'One or more input exceptions have occurred.',
      errors: [
        {
          message:
            'This customer is a user of a different company. Enter a different email address to continue.',
          parameters: [],
        },
        {
          message:
            'Company with this email address already exists in the system. Enter a different email address to continue.',
          parameters: [],
        },
      ],
    });
  });

  it('hands the company to another administrator, the old one under them', async () => {
    const made = await makeCompany(backend);
    const successor = await backend.newCustomer();
    const read = ok(await admin(backend, 'GET', `/company/${String(made.id)}`));
    ok(
      await admin(backend, 'PUT', `/company/${String(made.id)}`, {
        company: { ...read, super_user_id: successor.id },
      }),
    );
    const tree = ok(await admin(backend, 'GET', `/hierarchy/${String(made.id)}`));
    const nodeOf = (id: number) =>
      tree.find(
        (node: { entity_id: number; entity_type: string }) =>
          node.entity_type === 'customer' && node.entity_id === id,
      );
    expect(nodeOf(successor.id).structure_parent_id).toBe(0);
    expect(nodeOf(made.adminId).structure_parent_id).toBe(nodeOf(successor.id).structure_id);
    const old = ok(await admin(backend, 'GET', `/customers/${String(made.adminId)}`));
    expect(old.extension_attributes.company_attributes).toMatchObject({ company_id: made.id, status: 1 });
  });

  it('refuses an id of no company', async () => {
    const customer = await backend.newCustomer();
    expectError(
      await admin(backend, 'PUT', '/company/424242', {
        company: { ...companyFields(customer.id), id: 424_242 },
      }),
      404,
      NO_SUCH,
      { fieldName: 'companyId', fieldValue: 424_242 },
    );
  });
});

describe('GET and DELETE /V1/company/:companyId, GET /V1/company/', () => {
  it('answers a search with the quote switch the list joins (no company id in it)', async () => {
    const made = await makeCompany(backend);
    const found = ok(await admin(backend, 'GET', searchByName(made.fields.company_name)));
    expect(found.total_count).toBe(1);
    expect(found.items[0].extension_attributes.quote_config).toEqual({ is_quote_enabled: true });
    expect(found.items[0].region).toBe('West Yorkshire');
    expect(found.items[0]).not.toHaveProperty('region_id');
  });

  it('deletes a company: its users stay customers, of no company and inactive', async () => {
    const made = await makeCompany(backend);
    expect(ok(await admin(backend, 'DELETE', `/company/${String(made.id)}`))).toBe(true);
    expectError(await admin(backend, 'GET', `/company/${String(made.id)}`), 404, NO_SUCH, {
      fieldName: 'id',
      fieldValue: made.id,
    });
    const user = ok(await admin(backend, 'GET', `/customers/${String(made.adminId)}`));
    expect(user.extension_attributes.company_attributes).toEqual({
      customer_id: made.adminId,
      company_id: 0,
      status: 0,
    });
    expectError(await admin(backend, 'DELETE', `/company/${String(made.id)}`), 404, NO_SUCH, {
      fieldName: 'id',
      fieldValue: made.id,
    });
  });
});
