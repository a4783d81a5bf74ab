/**
 * `companyRoleRepositoryV1` against Adobe's B2B REST reference ("Manage company roles") and Magento_Company's
 * `RoleRepository`, `Role\Validator` and `PermissionManagement`: a role made, read, searched, updated and
 * deleted with every resource's permission; the refusals in Magento's words (a name taken in the company, a
 * resource allowed under a denied parent, an unknown resource, a role with users, a company's only role).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACL_RESOURCE_IDS } from '@cleaning-shop/embedded-magento/company/index.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { admin, makeCompany, ok } from './b2b-rest-helpers.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const NO_SUCH = 'No such entity with %fieldName = %fieldValue';
const INVALID = 'Invalid value of "%value" provided for the %fieldName field.';
const INTERNAL = /^Internal Error\. Details are available in Magento log file\. Report ID: webapi-/;

/** Adobe's "Junior Buyer" example: the sales resources bar one. */
const JUNIOR_BUYER = [
  { resource_id: 'Magento_Company::index', permission: 'allow' },
  { resource_id: 'Magento_Sales::all', permission: 'allow' },
  { resource_id: 'Magento_Sales::place_order', permission: 'allow' },
  { resource_id: 'Magento_Sales::payment_account', permission: 'allow' },
  { resource_id: 'Magento_Sales::view_orders', permission: 'allow' },
  { resource_id: 'Magento_Sales::view_orders_sub', permission: 'deny' },
];
const ALLOWED = new Set(JUNIOR_BUYER.filter((p) => p.permission === 'allow').map((p) => p.resource_id));

const byCompany = (companyId: number) =>
  `/company/role/?searchCriteria[filter_groups][0][filters][0][field]=company_id&searchCriteria[filter_groups][0][filters][0][value]=${String(companyId)}`;

describe('POST, GET and search /V1/company/role', () => {
  it('makes a role with every resource of the tree, allowed as sent and denied otherwise', async () => {
    const company = await makeCompany(backend);
    const body = { role: { role_name: 'Junior Buyer', permissions: JUNIOR_BUYER, company_id: company.id } };
    const created = ok(await admin(backend, 'POST', '/company/role/', body));
    expect(Object.keys(created)).toEqual(['id', 'role_name', 'permissions', 'company_id']);
    expect(created.role_name).toBe('Junior Buyer');
    expect(created.company_id).toBe(company.id);
    expect(created.permissions.map((p: { resource_id: string }) => p.resource_id)).toEqual(ACL_RESOURCE_IDS);
    for (const permission of created.permissions) {
      expect(Object.keys(permission)).toEqual(['id', 'role_id', 'resource_id', 'permission']);
      expect(permission.role_id).toBe(created.id);
      expect(permission.permission).toBe(ALLOWED.has(permission.resource_id) ? 'allow' : 'deny');
    }
    expect(ok(await admin(backend, 'GET', `/company/role/${String(created.id)}`))).toEqual(created);
    const found = ok(await admin(backend, 'GET', byCompany(company.id)));
    expect(found.total_count).toBe(2);
    expect(found.items.map((role: { role_name: string }) => role.role_name)).toEqual([
      'Default User',
      'Junior Buyer',
    ]);
  });

  it('allows the root with anything allowed, and nothing with nothing allowed', async () => {
    const company = await makeCompany(backend);
    const sales = ok(
      await admin(backend, 'POST', '/company/role/', {
        role: {
          role_name: 'Sales only',
          company_id: company.id,
          permissions: [
            { resource_id: 'Magento_Sales::all', permission: 'allow' },
            { resource_id: 'Nobody::knows', permission: 'deny' },
          ],
        },
      }),
    );
    const allowed = sales.permissions.filter((p: { permission: string }) => p.permission === 'allow');
    expect(allowed.map((p: { resource_id: string }) => p.resource_id)).toEqual([
      'Magento_Company::index',
      'Magento_Sales::all',
    ]);
    const none = ok(
      await admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'Nothing', company_id: company.id, permissions: [] },
      }),
    );
    expect(none.permissions.every((p: { permission: string }) => p.permission === 'deny')).toBe(true);
  });

  it("refuses a name the company's roles have, whatever its case", async () => {
    const company = await makeCompany(backend);
    expectError(
      await admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'default user', company_id: company.id, permissions: JUNIOR_BUYER },
      }),
      400,
      'User role with this name already exists. Enter a different name to save this role.',
    );
  });

  it('refuses a resource allowed under a denied parent, and an unknown one allowed', async () => {
    const company = await makeCompany(backend);
    const post = (permissions: unknown) =>
      admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'Odd', company_id: company.id, permissions },
      });
    expectError(
      await post([{ resource_id: 'Magento_Sales::place_order', permission: 'allow' }]),
      400,
      'Unable to set "allow" for the resource because its parent resource(s) is set to "deny".',
    );
    expectError(await post([{ resource_id: 'Nobody::knows', permission: 'allow' }]), 400, INVALID, {
      fieldName: 'resource_id',
      value: 'Nobody::knows',
    });
    // Magento reads the first unknown resource at index 0: one allowed later is PHP's warning, a 500.
    const later = await post([...JUNIOR_BUYER, { resource_id: 'Nobody::knows', permission: 'allow' }]);
    expect(later.status).toBe(500);
    expect(later.body.message).toMatch(INTERNAL);
  });

  it('requires a name and a company, and an existing company', async () => {
    const company = await makeCompany(backend);
    expectError(
      await admin(backend, 'POST', '/company/role/', { role: { company_id: company.id, permissions: [] } }),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'role_name' },
    );
    expectError(
      await admin(backend, 'POST', '/company/role/', { role: { role_name: 'X', permissions: [] } }),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'company_id' },
    );
    expectError(
      await admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'X', company_id: 987_654, permissions: [] },
      }),
      404,
      NO_SUCH,
      { fieldName: 'company_id', fieldValue: 987_654 },
    );
    expectError(await admin(backend, 'GET', '/company/role/987654'), 404, NO_SUCH, {
      fieldName: 'roleId',
      fieldValue: 987_654,
    });
  });
});

describe('PUT /V1/company/role/:id', () => {
  it("updates the path's role with the permissions sent, its name kept when none is sent", async () => {
    const company = await makeCompany(backend);
    const role = ok(
      await admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'Quotes', company_id: company.id, permissions: JUNIOR_BUYER },
      }),
    );
    const permissions = [
      { resource_id: 'Magento_NegotiableQuote::all', permission: 'allow' },
      { resource_id: 'Magento_NegotiableQuote::view_quotes', permission: 'allow' },
    ];
    const saved = ok(
      await admin(backend, 'PUT', `/company/role/${String(role.id)}`, { role: { id: 999, permissions } }),
    );
    expect(saved.id).toBe(role.id);
    expect(saved.role_name).toBe('Quotes');
    const allowed = saved.permissions.filter((p: { permission: string }) => p.permission === 'allow');
    expect(allowed.map((p: { resource_id: string }) => p.resource_id)).toEqual([
      'Magento_Company::index',
      'Magento_NegotiableQuote::all',
      'Magento_NegotiableQuote::view_quotes',
    ]);
    expect(Math.min(...saved.permissions.map((p: { id: number }) => p.id))).toBeGreaterThan(
      Math.max(...role.permissions.map((p: { id: number }) => p.id)),
    );
  });

  it("refuses another company's id, an unknown role, and a role sent without permissions", async () => {
    const company = await makeCompany(backend);
    const other = await makeCompany(backend);
    const role = ok(
      await admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'Moved', company_id: company.id, permissions: [] },
      }),
    );
    expectError(
      await admin(backend, 'PUT', `/company/role/${String(role.id)}`, {
        role: { company_id: other.id, permissions: [] },
      }),
      400,
      INVALID,
      { fieldName: 'company_id', value: other.id },
    );
    expectError(
      await admin(backend, 'PUT', '/company/role/987654', { role: { permissions: [] } }),
      404,
      NO_SUCH,
      {
        fieldName: 'roleId',
        fieldValue: 987_654,
      },
    );
    const bare = await admin(backend, 'PUT', `/company/role/${String(role.id)}`, {
      role: { role_name: 'Renamed' },
    });
    expect(bare.status).toBe(500);
    expect(bare.body.message).toMatch(INTERNAL);
  });
});

describe('DELETE /V1/company/role/:roleId', () => {
  it('keeps a role with users and a company’s only role; deletes any other', async () => {
    const company = await makeCompany(backend);
    const [defaultRole] = ok(await admin(backend, 'GET', byCompany(company.id))).items;
    const joiner = await backend.newCustomer();
    ok(await admin(backend, 'PUT', `/customers/${String(joiner.id)}/companies/${String(company.id)}`));
    expectError(
      await admin(backend, 'DELETE', `/company/role/${String(defaultRole.id)}`),
      400,
      'This role cannot be deleted because users are assigned to it. Reassign the users to another role to continue.',
    );
    const lone = await makeCompany(backend);
    const [only] = ok(await admin(backend, 'GET', byCompany(lone.id))).items;
    expectError(
      await admin(backend, 'DELETE', `/company/role/${String(only.id)}`),
      400,
      'You cannot delete a role when it is the only role in the company. You must create another role before deleting this role.',
    );
    const spare = ok(
      await admin(backend, 'POST', '/company/role/', {
        role: { role_name: 'Spare', company_id: lone.id, permissions: [] },
      }),
    );
    expect(ok(await admin(backend, 'DELETE', `/company/role/${String(spare.id)}`))).toBe(true);
    expectError(await admin(backend, 'GET', `/company/role/${String(spare.id)}`), 404, NO_SUCH, {
      fieldName: 'roleId',
      fieldValue: spare.id,
    });
  });
});
