/**
 * The company calls of the embedded back end (B2B for Adobe Commerce's Magento_CompanyGraphQl and
 * Magento_CompanyCreditGraphQl) against Adobe's documented answers: the `company` query with the demo
 * company's users, roles, tree and credit; registration pending approval; users, roles and teams made and
 * removed; and the refusals: a guest, a role without the right, another company's ids, a pending company.
 * The merchant's REST routes (approve, credit limit, purchase orders) are here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const tokenOf = (email: string, password: string) => backend.customerToken(email, password);

const admin = () => tokenOf(DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
const buyer = () => tokenOf(DEMO_COMPANY.buyer.email, DEMO_COMPANY.buyer.password);

const errorOf = (reply: {
  body: { errors?: { message: string; extensions?: { category?: string } }[] };
}) => ({
  message: reply.body.errors?.[0]?.message,
  category: reply.body.errors?.[0]?.extensions?.category,
});

const COMPANY = `{ company { id name email legal_name vat_tax_id reseller_id
  legal_address { street city postcode country_code telephone }
  company_admin { email firstname }
  credit { credit_limit { value currency } available_credit { value } outstanding_balance { value } }
  users { total_count items { id email firstname job_title status role { name } } }
  roles { total_count items { id name users_count } }
  structure { items { id parent_id entity { __typename ... on Customer { email } ... on CompanyTeam { name } } } }
} }`;

const ROLE_OF_ME = `{ customer { email job_title status purchase_orders_enabled role { name permissions { id children { id } } } } }`;

describe('the company query', () => {
  it('answers the demo company to its administrator', async () => {
    const data = expectData(await gql(backend, COMPANY, { token: await admin() }));
    const company = data.company;
    expect(company.name).toBe(DEMO_COMPANY.name);
    expect(company.company_admin.email).toBe(DEMO_COMPANY.admin.email);
    expect(company.legal_address.country_code).toBe('GB');
    expect(company.credit.credit_limit).toEqual({ value: 10000, currency: 'GBP' });
    expect(company.credit.available_credit.value).toBe(10000);
    expect(company.users.total_count).toBe(3);
    expect(company.roles.items.map((role: { name: string }) => role.name)).toEqual([
      'Default User',
      'Buyer',
      'Approver',
    ]);
    expect(company.structure.items.map((item: { entity: { email?: string } }) => item.entity.email)).toEqual([
      DEMO_COMPANY.admin.email,
      DEMO_COMPANY.approver.email,
      DEMO_COMPANY.buyer.email,
    ]);
  });

  it('says what the buyer may do, and refuses them the users list', async () => {
    const token = await buyer();
    const me = expectData(await gql(backend, ROLE_OF_ME, { token })).customer;
    expect(me).toMatchObject({ status: 'ACTIVE', purchase_orders_enabled: true, role: { name: 'Buyer' } });
    const reply = await gql(backend, '{ company { name users { total_count } } }', { token });
    expect(reply.body.data.company.name).toBe(DEMO_COMPANY.name);
    expect(errorOf(reply)).toEqual({
      message: 'You do not have authorization to perform this action.',
      category: 'graphql-authorization',
    });
  });

  it('refuses a guest and a customer of no company', async () => {
    expect(errorOf(await gql(backend, '{ company { name } }'))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
    const loner = await backend.newCustomer();
    expect(errorOf(await gql(backend, '{ company { name } }', { token: loner.token })).category).toBe(
      'graphql-authorization',
    );
  });

  it('finds no user, role or team of another company', async () => {
    const other = await tokenOf(DEMO_COMPANY.other.admin.email, DEMO_COMPANY.other.admin.password);
    const ids = expectData(
      await gql(backend, '{ company { users { items { id } } roles { items { id } } } }', {
        token: await admin(),
      }),
    ).company;
    const userId = ids.users.items[1].id;
    const reply = await gql(backend, `{ company { user(id: "${userId}") { email } } }`, { token: other });
    expect(errorOf(reply).category).toBe('graphql-no-such-entity');
    const role = await gql(backend, `{ company { role(id: "${ids.roles.items[0].id}") { name } } }`, {
      token: other,
    });
    expect(errorOf(role).category).toBe('graphql-no-such-entity');
  });
});

const CREATE_COMPANY = `mutation ($input: CompanyCreateInput!) { createCompany(input: $input) {
  company { id name email legal_address { city } company_admin { email } } } }`;

describe('registering a company', () => {
  it('makes a pending company of the signed-in customer, refused until the merchant approves it', async () => {
    const customer = await backend.newCustomer();
    const input = {
      company_name: 'Kestrel Cleaning Co',
      company_email: `office.${String(customer.id)}@kestrel.example.com`,
      legal_address: {
        street: ['1 Mill Lane'],
        city: 'York',
        region: { region: 'North Yorkshire' },
        country_id: 'GB',
        postcode: 'YO1 7HH',
        telephone: '01904 000000',
      },
      company_admin: { email: customer.email, firstname: 'Kit', lastname: 'Moor' },
    };
    const created = expectData(
      await gql(backend, CREATE_COMPANY, { token: customer.token, variables: { input } }),
    );
    expect(created.createCompany.company).toMatchObject({
      name: 'Kestrel Cleaning Co',
      company_admin: { email: customer.email },
    });
    expect(errorOf(await gql(backend, '{ company { name } }', { token: customer.token })).category).toBe(
      'graphql-authorization',
    );
    const again = await gql(backend, CREATE_COMPANY, { token: customer.token, variables: { input } });
    expect(errorOf(again).message).toBe(
      'Company with this email address already exists in the system. Enter a different email address to continue.',
    );
    // The merchant finds it pending and approves it.
    const pending = await backend.call(
      'GET',
      '/rest/V1/company/?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=0',
      { token: INTEGRATION_TOKEN },
    );
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    const found = pending.body.items.find(
      (item: { company_name: string }) => item.company_name === 'Kestrel Cleaning Co',
    );
    expect(found).toMatchObject({ status: 0 });
    // Magento's save takes the whole company, as the search answered it, with the fields changed.
    const approved = await backend.call('PUT', `/rest/V1/company/${String(found.id)}`, {
      token: INTEGRATION_TOKEN,
      body: {
        company: {
          ...found,
          status: 1,
          extension_attributes: { ...found.extension_attributes, is_purchase_order_enabled: true },
        },
      },
    });
    expect(approved.body).toMatchObject({
      status: 1,
      extension_attributes: { is_purchase_order_enabled: true },
    });
    const credit = await backend.call('GET', `/rest/V1/companyCredits/company/${String(found.id)}`, {
      token: INTEGRATION_TOKEN,
    });
    const limit = await backend.call('PUT', `/rest/V1/companyCredits/${String(credit.body.id)}`, {
      token: INTEGRATION_TOKEN,
      body: { creditLimit: { credit_limit: 2500 } },
    });
    expect(limit.body).toMatchObject({ credit_limit: 2500, available_limit: 2500 });
    const data = expectData(
      await gql(backend, '{ company { name credit { credit_limit { value } } } }', { token: customer.token }),
    );
    expect(data.company).toEqual({ name: 'Kestrel Cleaning Co', credit: { credit_limit: { value: 2500 } } });
  });

  it('refuses the merchant routes to a customer', async () => {
    const customer = await backend.newCustomer();
    expect((await backend.call('GET', '/rest/V1/company/1', { token: customer.token })).status).toBe(401);
  });
});

describe('users, roles and teams', () => {
  it('adds a user to a team, and a removed user is signed out at once', async () => {
    const token = await admin();
    const roles = expectData(await gql(backend, '{ company { roles { items { id name } } } }', { token }))
      .company.roles.items;
    const team = expectData(
      await gql(
        backend,
        'mutation { createCompanyTeam(input: { name: "Night shift" }) { team { id name structure_id } } }',
        { token },
      ),
    ).createCompanyTeam.team;
    const email = `night.${String(Date.now())}@example.com`;
    const created = expectData(
      await gql(
        backend,
        `mutation ($input: CompanyUserCreateInput!) { createCompanyUser(input: $input) { user { id email team { name } role { name } } } }`,
        {
          token,
          variables: {
            input: {
              job_title: 'Cleaner',
              role_id: roles[1].id,
              firstname: 'Nia',
              lastname: 'Hart',
              email,
              telephone: '0',
              status: 'ACTIVE',
              target_id: team.structure_id,
            },
          },
        },
      ),
    ).createCompanyUser.user;
    expect(created).toMatchObject({ email, team: { name: 'Night shift' }, role: { name: 'Buyer' } });
    const busy = await gql(backend, `mutation { deleteCompanyTeam(id: "${team.id}") { success } }`, {
      token,
    });
    expect(errorOf(busy).message).toContain('This team has child users or teams');
    // The removed user's token stops working.
    const buyerToken = await buyer();
    const buyerId = expectData(await gql(backend, '{ customer { id } }', { token: buyerToken })).customer.id;
    const refused = await gql(
      backend,
      `mutation { deleteCompanyUserV2(id: "${String(buyerId)}") { success } }`,
      { token: buyerToken },
    );
    expect(errorOf(refused).message).toBe('You do not have authorization to perform this action.');
    expect(
      expectData(
        await gql(backend, `mutation { deleteCompanyUserV2(id: "${created.id}") { success } }`, { token }),
      ),
    ).toEqual({ deleteCompanyUserV2: { success: true } });
    const self = await gql(
      backend,
      `mutation { deleteCompanyUserV2(id: "${String(expectData(await gql(backend, '{ customer { id } }', { token })).customer.id)}") { success } }`,
      { token },
    );
    expect(errorOf(self).message).toBe('You cannot delete yourself.');
  });

  it('makes, renames and deletes a role; a name in use is refused', async () => {
    const token = await admin();
    const made = expectData(
      await gql(
        backend,
        'mutation { createCompanyRole(input: { name: "Viewer", permissions: ["Magento_Company::index", "Magento_Sales::all"] }) { role { id name permissions { id } } } }',
        { token },
      ),
    ).createCompanyRole.role;
    expect(made.permissions).toEqual([{ id: 'Magento_Company::index' }]);
    const taken = await gql(
      backend,
      'mutation { createCompanyRole(input: { name: "viewer", permissions: [] }) { role { id } } }',
      { token },
    );
    expect(errorOf(taken).message).toBe(
      'User role with this name already exists. Enter a different name to save this role.',
    );
    const inUse = await gql(
      backend,
      'mutation { deleteCompanyRole(id: "' +
        expectData(
          await gql(backend, '{ company { roles { items { id name } } } }', { token }),
        ).company.roles.items.find((r: { name: string }) => r.name === 'Approver').id +
        '") { success } }',
      { token },
    );
    expect(errorOf(inUse).message).toContain('This role cannot be deleted because users are assigned to it.');
    expect(
      expectData(
        await gql(backend, `mutation { deleteCompanyRole(id: "${made.id}") { success } }`, { token }),
      ),
    ).toEqual({
      deleteCompanyRole: { success: true },
    });
  });
});

/** Adobe's uids are base64 of the id. */
const idOfUid = (uid: string): number => Number(Buffer.from(uid, 'base64').toString('utf8'));

async function brightwaterId(): Promise<number> {
  const found = await backend.call(
    'GET',
    `/rest/V1/company/?searchCriteria[filterGroups][0][filters][0][field]=company_name&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(DEMO_COMPANY.name)}`,
    { token: INTEGRATION_TOKEN },
  );
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return Number(found.body.items[0].id);
}

describe('the admin routes an accepted invitation uses', () => {
  it('puts a customer in the company and its group, gives them a role and moves them into a team', async () => {
    const token = await admin();
    const companyId = await brightwaterId();
    const joiner = await backend.newCustomer();
    const assigned = await backend.call(
      'PUT',
      `/rest/V1/customers/${String(joiner.id)}/companies/${String(companyId)}`,
      {
        token: INTEGRATION_TOKEN,
      },
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toBe(true);
    const me = `{ customer { role { name } team { name } } company { name } }`;
    const joined = expectData(await gql(backend, me, { token: joiner.token }));
    expect(joined.company.name).toBe(DEMO_COMPANY.name);
    expect(joined.customer.role.name).toBe('Default User');
    const group = await backend.call('GET', `/rest/V1/customers/${String(joiner.id)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(group.body.group_id).toBe(5);

    const roles = expectData(await gql(backend, '{ company { roles { items { id name } } } }', { token }))
      .company.roles.items;
    const buyerRole = roles.find((role: { name: string }) => role.name === 'Buyer');
    const roled = await backend.call('PUT', '/rest/V1/company/assignRoles', {
      token: INTEGRATION_TOKEN,
      body: { userId: joiner.id, roles: [{ id: idOfUid(buyerRole.id) }] },
    });
    expect(roled.status, JSON.stringify(roled.body)).toBe(200);

    const team = expectData(
      await gql(
        backend,
        'mutation { createCompanyTeam(input: { name: "Joiners" }) { team { structure_id } } }',
        { token },
      ),
    ).createCompanyTeam.team;
    const nodes = expectData(
      await gql(backend, '{ company { structure { items { id entity { ... on Customer { email } } } } } }', {
        token,
      }),
    ).company.structure.items;
    const node = nodes.find((item: { entity: { email?: string } }) => item.entity.email === joiner.email);
    const moved = await backend.call('PUT', `/rest/V1/hierarchy/move/${String(idOfUid(node.id))}`, {
      token: INTEGRATION_TOKEN,
      body: { newParentId: idOfUid(team.structure_id) },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = expectData(await gql(backend, me, { token: joiner.token })).customer;
    expect(after).toMatchObject({ role: { name: 'Buyer' }, team: { name: 'Joiners' } });
  });

  it("refuses another company's role, an unknown company and a customer's token", async () => {
    const companyId = await brightwaterId();
    const other = await tokenOf(DEMO_COMPANY.other.admin.email, DEMO_COMPANY.other.admin.password);
    const theirRole = expectData(
      await gql(backend, '{ company { roles { items { id } } } }', { token: other }),
    ).company.roles.items[0].id;
    const joiner = await backend.newCustomer();
    await backend.call('PUT', `/rest/V1/customers/${String(joiner.id)}/companies/${String(companyId)}`, {
      token: INTEGRATION_TOKEN,
    });
    const refused = await backend.call('PUT', '/rest/V1/company/assignRoles', {
      token: INTEGRATION_TOKEN,
      body: { userId: joiner.id, roles: [{ id: idOfUid(theirRole) }] },
    });
    expect(refused.status).toBe(404);
    const unknown = await backend.call('PUT', `/rest/V1/customers/${String(joiner.id)}/companies/9999`, {
      token: INTEGRATION_TOKEN,
    });
    expect(unknown.status).toBe(404);
    const asCustomer = await backend.call(
      'PUT',
      `/rest/V1/customers/${String(joiner.id)}/companies/${String(companyId)}`,
      {
        token: joiner.token,
      },
    );
    expect(asCustomer.status).toBe(401);
  });
});
