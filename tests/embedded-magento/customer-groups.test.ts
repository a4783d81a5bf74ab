/**
 * Customer groups as Magento 2.4 answers them (Customer/etc/webapi.xml, GroupRepository, GroupManagement):
 * the install groups and the shop's trade groups, search, create, update, delete with Magento's refusals,
 * the default group and a group's permissions, all behind Magento_Customer::group; and what customers and
 * tier prices do with groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1/customerGroups${path}`, {
    token: INTEGRATION_TOKEN,
    ...(body === undefined ? {} : { body }),
  });
const byCode = (code: string) =>
  admin(
    'GET',
    `/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(code)}`,
  );
const schemaErrors = (method: string, path: string, body: unknown) => {
  const result = validateOpenSourceResponse(method, path, 200, body);
  return result.ok ? [] : result.errors;
};
const retail = (id: number, code: string) => ({
  id,
  code,
  tax_class_id: 3,
  tax_class_name: 'Retail Customer',
});
let made = 0;
const uniqueCode = (stem: string) => `${stem} ${++made}-${Date.now().toString(36)}`;

describe('reading groups', () => {
  it('lists the install groups and the trade groups in id order, as GroupInterface', async () => {
    const reply = await admin('GET', '/search?searchCriteria[pageSize]=6');
    expect(reply.status).toBe(200);
    expect(reply.body.items).toEqual([
      retail(0, 'NOT LOGGED IN'),
      retail(1, 'General'),
      retail(2, 'Wholesale'),
      retail(3, 'Retailer'),
      retail(4, 'Trade (pending)'),
      retail(5, 'Trade'),
    ]);
    expect(Object.keys(reply.body.items[5])).toEqual(['id', 'code', 'tax_class_id', 'tax_class_name']);
    expect(schemaErrors('GET', '/V1/customerGroups/search', reply.body)).toEqual([]);
  });

  it('finds a group by its code, as the storefront finds the trade groups', async () => {
    const reply = await byCode('Trade');
    expect(reply.body).toMatchObject({ items: [retail(5, 'Trade')], total_count: 1 });
    expect(reply.body.search_criteria.filter_groups[0].filters[0]).toEqual({
      field: 'code',
      value: 'Trade',
      condition_type: 'eq',
    });
    const like = await admin(
      'GET',
      '/search?searchCriteria[filterGroups][0][filters][0][field]=code&searchCriteria[filterGroups][0][filters][0][value]=Trade%25&searchCriteria[filterGroups][0][filters][0][conditionType]=like&searchCriteria[sortOrders][0][field]=id&searchCriteria[sortOrders][0][direction]=DESC',
    );
    expect(like.body.items.map((group: { id: number }) => group.id)).toEqual([5, 4]);
  });

  it('reads one group by id; an unknown id is No such entity with id', async () => {
    const reply = await admin('GET', '/5');
    expect(reply.body).toEqual(retail(5, 'Trade'));
    expect(schemaErrors('GET', '/V1/customerGroups/5', reply.body)).toEqual([]);
    expectError(await admin('GET', '/999'), 404, 'No such entity with %fieldName = %fieldValue', {
      fieldName: 'id',
      fieldValue: 999,
    });
  });

  it('is for Magento_Customer::group only: a customer or a guest is refused', async () => {
    const { token } = await backend.newCustomer();
    const refused = "The consumer isn't authorized to access %resources.";
    for (const caller of [token, undefined]) {
      const reply = await backend.call('GET', '/rest/V1/customerGroups/5', { token: caller });
      expectError(reply, 401, refused, { resources: 'Magento_Customer::group' });
    }
  });
});

describe('saving groups', () => {
  it('creates a group with tax class 3 when none is given, and a new id', async () => {
    const code = uniqueCode('Contract');
    const reply = await admin('POST', '', { group: { code } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual(retail(reply.body.id, code));
    expect(reply.body.id).toBeGreaterThan(5);
    expect(schemaErrors('POST', '/V1/customerGroups', reply.body)).toEqual([]);
    expect((await admin('GET', `/${reply.body.id}`)).body.code).toBe(code);
  });

  it('refuses a code in use in any case, an empty code, and a tax class that is no customer class', async () => {
    expectError(await admin('POST', '', { group: { code: 'trade' } }), 400, 'Customer Group already exists.');
    for (const code of ['', '0', null])
      expectError(
        await admin('POST', '', { group: { code } }),
        400,
        '"%fieldName" is required. Enter and try again.',
        { fieldName: 'code' },
      );
    expectError(
      await admin('POST', '', { group: { code: uniqueCode('Goods'), tax_class_id: 2 } }),
      400,
      'Invalid value of "%value" provided for the %fieldName field.',
      { fieldName: 'taxClassId', value: 2 },
    );
  });

  it('cuts a code longer than 32 characters to 32, as the resource model does', async () => {
    const long = `${uniqueCode('Facilities')} ${'x'.repeat(40)}`;
    const reply = await admin('POST', '', { group: { code: long } });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(long.slice(0, 32));
  });

  it('updates by the id in the path; the tax class must be sent, the group must exist', async () => {
    const created = (await admin('POST', '', { group: { code: uniqueCode('Schools') } })).body;
    const renamed = uniqueCode('Colleges');
    const reply = await admin('PUT', `/${created.id}`, {
      group: { id: 1, code: renamed, tax_class_id: 3 },
    });
    expect(reply.body).toEqual(retail(created.id, renamed));
    expect((await admin('GET', '/1')).body.code).toBe('General');
    expectError(
      await admin('PUT', `/${created.id}`, { group: { code: renamed } }),
      400,
      'Invalid value of "%value" provided for the %fieldName field.',
      { fieldName: 'taxClassId', value: null },
    );
    expectError(
      await admin('PUT', '/999', { group: { code: uniqueCode('Nobody'), tax_class_id: 3 } }),
      404,
      'No such entity with %fieldName = %fieldValue',
      { fieldName: 'id', fieldValue: 999 },
    );
    expectError(
      await admin('PUT', `/${created.id}`, { group: { code: 'General', tax_class_id: 3 } }),
      400,
      'Customer Group already exists.',
    );
  });
});

describe('deleting groups', () => {
  it('refuses NOT LOGGED IN and the default group ("Cannot delete group.")', async () => {
    for (const id of [0, 1]) expectError(await admin('DELETE', `/${id}`), 400, 'Cannot delete group.');
    expectError(await admin('DELETE', '/999'), 404, 'No such entity with %fieldName = %fieldValue', {
      fieldName: 'id',
      fieldValue: 999,
    });
  });

  it('moves its customers to the default group and drops its tier prices', async () => {
    const group = (await admin('POST', '', { group: { code: uniqueCode('Hotels') } })).body;
    const sku = await makeProduct(backend, 20, 1);
    const tiers = await backend.call('POST', '/rest/V1/products/tier-prices', {
      token: INTEGRATION_TOKEN,
      body: {
        prices: [
          { price: 15, price_type: 'fixed', website_id: 0, sku, customer_group: group.code, quantity: 1 },
        ],
      },
    });
    expect(tiers.body).toEqual([]);
    const customer = await backend.newCustomer();
    await moveCustomer(customer.id, group.id);

    expect(await admin('DELETE', `/${group.id}`)).toMatchObject({ status: 200, body: true });
    expectError(await admin('GET', `/${group.id}`), 404, 'No such entity with %fieldName = %fieldValue', {
      fieldName: 'id',
      fieldValue: group.id,
    });
    const after = await backend.call('GET', `/rest/V1/customers/${customer.id}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(after.body.group_id).toBe(1);
    const left = await backend.call('POST', '/rest/V1/products/tier-prices-information', {
      token: INTEGRATION_TOKEN,
      body: { skus: [sku] },
    });
    expect(left.body).toEqual([]);
  });
});

describe('the default group and permissions', () => {
  it('answers General for the store views, and No such entity for another store', async () => {
    for (const path of ['/default', '/default/1', '/default/0', '/default?storeId=1'])
      expect((await admin('GET', path)).body).toEqual(retail(1, 'General'));
    expectError(await admin('GET', '/default/9'), 404, 'No such entity with %fieldName = %fieldValue', {
      fieldName: 'storeId',
      fieldValue: 9,
    });
  });

  it('sets the default group, which then cannot be deleted and is read-only', async () => {
    const group = (await admin('POST', '', { group: { code: uniqueCode('Default') } })).body;
    try {
      const set = await admin('PUT', `/default/${group.id}`);
      expect(set).toMatchObject({ status: 200, body: group.id });
      expect((await admin('GET', '/default')).body.id).toBe(group.id);
      expect((await admin('GET', `/${group.id}/permissions`)).body).toBe(true);
      expect((await admin('GET', '/1/permissions')).body).toBe(false);
      expectError(await admin('DELETE', `/${group.id}`), 400, 'Cannot delete group.');
    } finally {
      await admin('PUT', '/default/1');
    }
    expectError(await admin('PUT', '/default/999'), 404, 'No such entity with %fieldName = %fieldValue', {
      fieldName: 'id',
      fieldValue: 999,
    });
  });

  it('calls NOT LOGGED IN and the default group read-only, others not', async () => {
    const readonly = async (id: number) => (await admin('GET', `/${id}/permissions`)).body as boolean;
    expect([await readonly(0), await readonly(1), await readonly(4), await readonly(5)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expectError(await admin('GET', '/999/permissions'), 404, 'No such entity with %fieldName = %fieldValue', {
      fieldName: 'groupId',
      fieldValue: 999,
    });
  });
});

/** The customer as read, without its `group_id` (a save that leaves the group out). */
const withoutGroupId = (customer: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(customer).filter(([key]) => key !== 'group_id'));

/** `PUT /V1/customers/:id` with the customer as read and `group_id`, as the merchant approves an applicant. */
async function moveCustomer(id: number, groupId: number) {
  const current = await backend.call('GET', `/rest/V1/customers/${id}`, { token: INTEGRATION_TOKEN });
  const reply = await backend.call('PUT', `/rest/V1/customers/${id}`, {
    token: INTEGRATION_TOKEN,
    body: { customer: { ...current.body, group_id: groupId } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply;
}

describe("a customer's group", () => {
  it('is moved by the admin (an applicant approved), and a group that does not exist is refused', async () => {
    const customer = await backend.newCustomer();
    expect((await moveCustomer(customer.id, 4)).body.group_id).toBe(4);
    expect((await moveCustomer(customer.id, 5)).body.group_id).toBe(5);
    const current = await backend.call('GET', `/rest/V1/customers/${customer.id}`, {
      token: INTEGRATION_TOKEN,
    });
    const withoutGroup = withoutGroupId(current.body);
    const kept = await backend.call('PUT', `/rest/V1/customers/${customer.id}`, {
      token: INTEGRATION_TOKEN,
      body: { customer: withoutGroup },
    });
    expect(kept.body.group_id).toBe(5);
    expectError(
      await backend.call('PUT', `/rest/V1/customers/${customer.id}`, {
        token: INTEGRATION_TOKEN,
        body: { customer: { ...current.body, group_id: 999 } },
      }),
      400,
      'The specified customer group id does not exist.',
    );
  });

  it('is refused on sign-up unless the caller may manage customers; the admin creates an applicant in group 4', async () => {
    const customer = (email: string) => ({ email, firstname: 'Sam', lastname: 'Lee', group_id: 4 });
    expectError(
      await backend.call('POST', '/rest/V1/customers', {
        body: { customer: customer(`anon.${Date.now()}@example.com`), password: 'Sw33p!ngFloors' },
      }),
      401,
      "The consumer isn't authorized to access %resources.",
      { resources: 'Magento_Customer::manage' },
    );
    const made = await backend.call('POST', '/rest/V1/customers', {
      token: INTEGRATION_TOKEN,
      body: { customer: customer(`applicant.${Date.now()}@example.com`), password: 'Sw33p!ngFloors' },
    });
    expect(made.body.group_id).toBe(4);
    expectError(
      await backend.call('POST', '/rest/V1/customers', {
        token: INTEGRATION_TOKEN,
        body: { customer: { ...customer(`ghost.${Date.now()}@example.com`), group_id: 999 } },
      }),
      400,
      'The specified customer group id does not exist.',
    );
  });

  it("cannot be changed with the customer's own token; the same group, or none, saves", async () => {
    const customer = await backend.newCustomer();
    const me = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    const save = (body: unknown) =>
      backend.call('PUT', '/rest/V1/customers/me', { token: customer.token, body: { customer: body } });
    expectError(
      await save({ ...me.body, group_id: 5 }),
      401,
      "The consumer isn't authorized to access %resources.",
      {
        resources: 'Magento_Customer::manage',
      },
    );
    expect((await save({ ...me.body, firstname: 'Robyn' })).body).toMatchObject({
      group_id: 1,
      firstname: 'Robyn',
    });
    const withoutGroup = withoutGroupId(me.body);
    expect((await save(withoutGroup)).body.group_id).toBe(1);
  });

  it('keeps taxvat on the customer and company and vat_id on an address, as sent', async () => {
    const customer = await backend.newCustomer();
    const me = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    const address = { ...me.body.addresses[0], company: 'Brightwater Facilities Ltd', vat_id: 'GB246813593' };
    const saved = await backend.call('PUT', '/rest/V1/customers/me', {
      token: customer.token,
      body: { customer: { ...me.body, taxvat: 'GB246813593', addresses: [address] } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.taxvat).toBe('GB246813593');
    const keys = Object.keys(saved.body);
    expect(keys.indexOf('taxvat')).toBe(keys.indexOf('store_id') + 1);
    expect(saved.body.addresses[0]).toMatchObject({
      company: 'Brightwater Facilities Ltd',
      vat_id: 'GB246813593',
    });
    expect(Object.keys(saved.body.addresses[0]).at(-3)).toBe('vat_id');
  });
});

describe('tier prices for a group, by its code', () => {
  it('writes and reads a Trade tier through /V1/products/tier-prices, the code in any case', async () => {
    const sku = await makeProduct(backend, 40, 1);
    const tier = (customer_group: string, quantity: number, price: number) => ({
      price,
      price_type: 'fixed',
      website_id: 0,
      sku,
      customer_group,
      quantity,
    });
    const written = await backend.call('POST', '/rest/V1/products/tier-prices', {
      token: INTEGRATION_TOKEN,
      body: { prices: [tier('Trade', 1, 34.5), tier('trade (PENDING)', 5, 38)] },
    });
    expect(written.body).toEqual([]);
    const read = await backend.call('POST', '/rest/V1/products/tier-prices-information', {
      token: INTEGRATION_TOKEN,
      body: { skus: [sku] },
    });
    expect(read.body).toEqual([
      { price: 34.5, price_type: 'fixed', website_id: 0, sku, customer_group: 'Trade', quantity: 1 },
      { price: 38, price_type: 'fixed', website_id: 0, sku, customer_group: 'Trade (pending)', quantity: 5 },
    ]);
    const product = await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN });
    expect(product.body.tier_prices).toContainEqual({
      customer_group_id: 5,
      qty: 1,
      value: 34.5,
      extension_attributes: { website_id: 0 },
    });
  });
});
