/**
 * The company calls as someone with a token and no storefront in the way would make them (issue 86, found
 * from outside): a user who may edit users changes nobody who may do more than they, the administrator least
 * of all, and grants no more than their own role; an existing customer's e-mail is invited, not added, and
 * the invitation's code works once, for them alone; a customer's wish-list fields answer the caller's own
 * list whichever customer they are asked on; names pass Magento's name rule; and leaving a company, or the
 * merchant rejecting it, takes the customer out of its group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ROLE } from '@cleaning-shop/embedded-magento/company/index.ts';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { startMailCatcher, type MailCatcher } from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({ smtpUrl: mail.url, storeUrl: 'https://shop.example.com' });
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

const tokenOf = (email: string, password: string) => backend.customerToken(email, password);

const admin = () => tokenOf(DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
const errorOf = (reply: { body: { errors?: { message: string }[] } }) => reply.body.errors?.[0]?.message;
const NOT_ALLOWED = 'You do not have authorization to perform this action.';

const USER_MANAGER = [
  ...DEFAULT_USER_ROLE.allow,
  'Magento_Company::user_management',
  'Magento_Company::users_view',
  'Magento_Company::users_edit',
  'Magento_Company::roles_view',
  'Magento_Company::roles_edit',
];
const APPROVALS = [...DEFAULT_USER_ROLE.allow, 'Magento_PurchaseOrderRule::super_approve_purchase_order'];

let serial = 0;
async function createRole(token: string, permissions: readonly string[]): Promise<string> {
  const reply = await gql(
    backend,
    'mutation ($input: CompanyRoleCreateInput!) { createCompanyRole(input: $input) { role { id } } }',
    { token, variables: { input: { name: `Role ${String(Date.now())} ${String(++serial)}`, permissions } } },
  );
  return expectData(reply).createCompanyRole.role.id;
}

const CREATE_USER =
  'mutation ($input: CompanyUserCreateInput!) { createCompanyUser(input: $input) { user { id email } } }';
const userInput = (email: string, roleId: string, names = { firstname: 'Lee', lastname: 'Vance' }) => ({
  job_title: 'Cleaner',
  role_id: roleId,
  ...names,
  email,
  telephone: '0113 496 0000',
  status: 'ACTIVE',
});

/** The code of the last invitation e-mailed to `email`, from its link. */
function invitationCode(email: string): string {
  const text = mail.to(email).at(-1)?.text ?? '';
  return /[?&]code=([A-Za-z0-9]+)/.exec(text)?.[1] ?? '';
}

const ACCEPT =
  'mutation ($input: CompanyInvitationInput!) { acceptCompanyInvitation(input: $input) { success } }';
const acceptInput = (code: string, userId: string) => ({
  code,
  user: { company_id: 'MQ==', customer_id: userId, status: 'ACTIVE' },
});

/** An existing customer invited by the administrator with `permissions`, who accepts: signed in. */
async function memberWith(permissions: readonly string[]) {
  const token = await admin();
  const roleId = await createRole(token, permissions);
  const customer = await backend.newCustomer();
  const created = expectData(
    await gql(backend, CREATE_USER, { token, variables: { input: userInput(customer.email, roleId) } }),
  ).createCompanyUser.user;
  await expect.poll(() => invitationCode(customer.email)).not.toBe('');
  expectData(
    await gql(backend, ACCEPT, {
      token: customer.token,
      variables: { input: acceptInput(invitationCode(customer.email), created.id) },
    }),
  );
  return { ...customer, uid: created.id as string, token: await tokenOf(customer.email, customer.password) };
}

const companyAdminUid = async (token: string): Promise<string> =>
  expectData(await gql(backend, '{ company { company_admin { id } } }', { token })).company.company_admin.id;

describe('a user who may edit users', () => {
  it("may not rewrite the administrator's e-mail or names", async () => {
    const manager = await memberWith(USER_MANAGER);
    const adminUid = await companyAdminUid(manager.token);
    const reply = await gql(
      backend,
      'mutation ($input: CompanyUserUpdateInput!) { updateCompanyUser(input: $input) { user { email } } }',
      { token: manager.token, variables: { input: { id: adminUid, email: 'taken.over@example.com' } } },
    );
    expect(errorOf(reply)).toBe(NOT_ALLOWED);
    // The administrator still signs in with their own e-mail.
    await tokenOf(DEMO_COMPANY.admin.email, DEMO_COMPANY.admin.password);
  });

  it('may not give themself, or anyone, a role allowing more than their own', async () => {
    const manager = await memberWith(USER_MANAGER);
    const approvals = await createRole(await admin(), APPROVALS);
    const update =
      'mutation ($input: CompanyUserUpdateInput!) { updateCompanyUser(input: $input) { user { id } } }';
    const raise = await gql(backend, update, {
      token: manager.token,
      variables: { input: { id: manager.uid, role_id: approvals } },
    });
    expect(errorOf(raise)).toBe(NOT_ALLOWED);
    const newcomer = `new.${String(Date.now())}@example.com`;
    const grant = await gql(backend, CREATE_USER, {
      token: manager.token,
      variables: { input: userInput(newcomer, approvals) },
    });
    expect(errorOf(grant)).toBe(NOT_ALLOWED);
    const role = await gql(
      backend,
      'mutation ($input: CompanyRoleCreateInput!) { createCompanyRole(input: $input) { role { id } } }',
      {
        token: manager.token,
        variables: { input: { name: `Mine ${String(Date.now())}`, permissions: APPROVALS } },
      },
    );
    expect(errorOf(role)).toBe(NOT_ALLOWED);
  });

  it('may not move a user who may do more into their own branch, to become their manager', async () => {
    const manager = await memberWith(USER_MANAGER);
    const tree = expectData(
      await gql(backend, '{ company { structure { items { id entity { ... on Customer { email } } } } } }', {
        token: manager.token,
      }),
    ).company.structure.items as { id: string; entity: { email?: string } }[];
    const nodeOf = (email: string) => tree.find((item) => item.entity.email === email)?.id;
    const reply = await gql(
      backend,
      'mutation ($input: CompanyStructureUpdateInput!) { updateCompanyStructure(input: $input) { company { id } } }',
      {
        token: manager.token,
        variables: {
          input: { tree_id: nodeOf(DEMO_COMPANY.approver.email), parent_tree_id: nodeOf(manager.email) },
        },
      },
    );
    expect(errorOf(reply)).toBe(NOT_ALLOWED);
  });

  it('may not move a team holding a user who may do more into their own branch either', async () => {
    const manager = await memberWith(USER_MANAGER);
    const token = await admin();
    const name = `Night shift ${String(++serial)}`;
    expectData(
      await gql(
        backend,
        'mutation ($input: CompanyTeamCreateInput!) { createCompanyTeam(input: $input) { team { id } } }',
        {
          token,
          variables: { input: { name } },
        },
      ),
    );
    const STRUCTURE =
      '{ company { structure { items { id entity { ... on Customer { email } ... on CompanyTeam { name } } } } } }';
    const tree = expectData(await gql(backend, STRUCTURE, { token })).company.structure.items as {
      id: string;
      entity: { email?: string; name?: string };
    }[];
    const nodeOf = (key: string) =>
      tree.find((item) => item.entity.email === key || item.entity.name === key)?.id;
    const MOVE =
      'mutation ($input: CompanyStructureUpdateInput!) { updateCompanyStructure(input: $input) { company { id } } }';
    const move = (who: string, tree_id?: string, parent_tree_id?: string) =>
      gql(backend, MOVE, { token: who, variables: { input: { tree_id, parent_tree_id } } });
    expectData(await move(token, nodeOf(DEMO_COMPANY.approver.email), nodeOf(name)));
    expect(errorOf(await move(manager.token, nodeOf(name), nodeOf(manager.email)))).toBe(NOT_ALLOWED);
  });

  it('moves no node under itself or its own, nor the administrator, in Magento_Company’s words', async () => {
    const token = await admin();
    const tree = expectData(
      await gql(backend, '{ company { structure { items { id entity { ... on Customer { email } } } } } }', {
        token,
      }),
    ).company.structure.items as { id: string; entity: { email?: string } }[];
    const nodeOf = (email: string) => tree.find((item) => item.entity.email === email)?.id;
    const move = async (from: string, to: string) =>
      errorOf(
        await gql(
          backend,
          'mutation ($input: CompanyStructureUpdateInput!) { updateCompanyStructure(input: $input) { company { id } } }',
          { token, variables: { input: { tree_id: nodeOf(from), parent_tree_id: nodeOf(to) } } },
        ),
      );
    const { approver, buyer, admin: boss } = DEMO_COMPANY;
    expect(await move(approver.email, approver.email)).toBe('A user or a team cannot be moved under itself.');
    expect(await move(approver.email, buyer.email)).toBe(
      'A user or a team cannot be moved under its child user or team.',
    );
    expect(await move(boss.email, approver.email)).toBe(
      'The company admin cannot be moved to a different location in the company structure.',
    );
  });

  it('still adds a new customer with a role within their own', async () => {
    const manager = await memberWith(USER_MANAGER);
    const roleId = await createRole(await admin(), DEFAULT_USER_ROLE.allow);
    const email = `buyer.${String(Date.now())}@example.com`;
    const reply = await gql(backend, CREATE_USER, {
      token: manager.token,
      variables: { input: userInput(email, roleId) },
    });
    expect(expectData(reply).createCompanyUser.user.email).toBe(email);
  });
});

describe("an existing customer's e-mail", () => {
  it('is invited, not added: the company reads nothing of them until they accept, once', async () => {
    const token = await admin();
    const roleId = await createRole(token, DEFAULT_USER_ROLE.allow);
    const customer = await backend.newCustomer();
    const created = expectData(
      await gql(backend, CREATE_USER, { token, variables: { input: userInput(customer.email, roleId) } }),
    ).createCompanyUser.user;
    expect(created.email).toBeNull();
    const users = async () =>
      expectData(
        await gql(backend, '{ company { users { items { email } } } }', { token }),
      ).company.users.items.map((user: { email: string }) => user.email);
    expect(await users()).not.toContain(customer.email);
    expect(
      expectData(await gql(backend, '{ customer { purchase_orders_enabled } }', { token: customer.token }))
        .customer.purchase_orders_enabled,
    ).toBe(false);
    await expect.poll(() => invitationCode(customer.email)).not.toBe('');
    const code = invitationCode(customer.email);

    const stranger = await backend.newCustomer();
    const theirs = await gql(backend, ACCEPT, {
      token: stranger.token,
      variables: { input: acceptInput(code, created.id) },
    });
    expect(errorOf(theirs)).toBe('The invitation code is not valid.');

    expectData(
      await gql(backend, ACCEPT, {
        token: customer.token,
        variables: { input: acceptInput(code, created.id) },
      }),
    );
    expect(await users()).toContain(customer.email);

    expectData(
      await gql(backend, `mutation { deleteCompanyUserV2(id: "${String(created.id)}") { success } }`, {
        token,
      }),
    );
    const again = await tokenOf(customer.email, customer.password);
    const rejoin = await gql(backend, ACCEPT, {
      token: again,
      variables: { input: acceptInput(code, created.id) },
    });
    expect(errorOf(rejoin)).toBe('The invitation code is not valid.');
    expect(await users()).not.toContain(customer.email);
  });
});

describe('a second invitation to the same customer', () => {
  it('closes the first: only the latest code works', async () => {
    const token = await admin();
    const roleId = await createRole(token, DEFAULT_USER_ROLE.allow);
    const customer = await backend.newCustomer();
    const invite = async () => {
      const sent = mail.to(customer.email).length;
      const created = expectData(
        await gql(backend, CREATE_USER, { token, variables: { input: userInput(customer.email, roleId) } }),
      ).createCompanyUser.user;
      await expect.poll(() => mail.to(customer.email).length).toBe(sent + 1);
      return { code: invitationCode(customer.email), uid: created.id as string };
    };
    const first = await invite();
    const second = await invite();
    expect(second.code).not.toBe(first.code);
    const accept = (code: string) =>
      gql(backend, ACCEPT, { token: customer.token, variables: { input: acceptInput(code, first.uid) } });
    expect(errorOf(await accept(first.code))).toBe('The invitation code is not valid.');
    expectData(await accept(second.code));
  });
});

describe('a user set inactive', () => {
  it('does not switch themself back on through their own account save', async () => {
    const member = await memberWith(DEFAULT_USER_ROLE.allow);
    expectData(
      await gql(
        backend,
        'mutation ($input: CompanyUserUpdateInput!) { updateCompanyUser(input: $input) { user { id } } }',
        { token: await admin(), variables: { input: { id: member.uid, status: 'INACTIVE' } } },
      ),
    );
    const token = await tokenOf(member.email, member.password);
    const me = (await backend.call('GET', '/rest/V1/customers/me', { token })).body;
    const extension_attributes = {
      ...me.extension_attributes,
      company_attributes: { ...me.extension_attributes?.company_attributes, status: 1 },
    };
    await backend.call('PUT', '/rest/V1/customers/me', {
      token,
      body: { customer: { ...me, extension_attributes } },
    });
    const after = await backend.call('GET', `/rest/V1/customers/${String(member.id)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(after.body.extension_attributes.company_attributes.status).toBe(0);
  });
});

describe('a removed user', () => {
  it('is refused as a guest with their old token', async () => {
    const member = await memberWith(DEFAULT_USER_ROLE.allow);
    expect(
      expectData(await gql(backend, '{ customer { email } }', { token: member.token })).customer.email,
    ).toBe(member.email);
    expectData(
      await gql(backend, `mutation { deleteCompanyUserV2(id: "${member.uid}") { success } }`, {
        token: await admin(),
      }),
    );
    const after = await gql(backend, '{ customer { email } }', { token: member.token });
    expect(errorOf(after)).toBe("The current customer isn't authorized.");
  });
});

describe('wish lists asked on another customer', () => {
  it("answer the caller's own list, never the administrator's or a colleague's", async () => {
    const member = await memberWith(USER_MANAGER);
    const token = await admin();
    const own = (who: string) =>
      gql(backend, '{ customer { wishlists { id } } }', { token: who }).then(
        (reply) => expectData(reply).customer.wishlists[0].id as string,
      );
    const adminList = await own(token);
    const memberList = await own(member.token);
    expect(memberList).not.toBe(adminList);
    const seen = expectData(
      await gql(
        backend,
        '{ company { company_admin { wishlists { id } } users { items { email wishlists { id } } } } }',
        { token: member.token },
      ),
    ).company;
    expect(seen.company_admin.wishlists.map((list: { id: string }) => list.id)).toEqual([memberList]);
    const lists = seen.users.items.flatMap((user: { wishlists: { id: string }[] }) =>
      user.wishlists.map((l) => l.id),
    );
    expect(new Set(lists)).toEqual(new Set([memberList]));
  });
});

describe('names written through the company calls', () => {
  // Magento's rule takes any Unicode space, a line break too (Validator/Name.php), and refuses markup.
  it("pass Magento's name rule: markup is refused", async () => {
    const token = await admin();
    const roleId = await createRole(token, DEFAULT_USER_ROLE.allow);
    const email = `marked.${String(Date.now())}@example.com`;
    const created = await gql(backend, CREATE_USER, {
      token,
      variables: { input: userInput(email, roleId, { firstname: 'Lee <Admin>', lastname: '<b>Vance</b>' }) },
    });
    expect(errorOf(created)).toBe('First Name is not valid!\nLast Name is not valid!');
    const member = await memberWith(DEFAULT_USER_ROLE.allow);
    const renamed = await gql(
      backend,
      'mutation ($input: CompanyUserUpdateInput!) { updateCompanyUser(input: $input) { user { id } } }',
      { token, variables: { input: { id: member.uid, lastname: '<script>x</script>' } } },
    );
    expect(errorOf(renamed)).toBe('Last Name is not valid!');
  });
});

describe("the company's customer group", () => {
  const groupOf = async (id: number) =>
    (await backend.call('GET', `/rest/V1/customers/${String(id)}`, { token: INTEGRATION_TOKEN })).body
      .group_id as number;

  it('is left when the user is removed', async () => {
    const member = await memberWith(DEFAULT_USER_ROLE.allow);
    const companyGroup = await groupOf(member.id);
    expect(companyGroup).not.toBe(1);
    expectData(
      await gql(backend, `mutation { deleteCompanyUserV2(id: "${member.uid}") { success } }`, {
        token: await admin(),
      }),
    );
    expect(await groupOf(member.id)).toBe(1);
  });

  it('is left by every user when the merchant rejects the company', async () => {
    const harbour = await tokenOf(DEMO_COMPANY.other.admin.email, DEMO_COMPANY.other.admin.password);
    const id = Number(Buffer.from(await companyAdminUid(harbour), 'base64').toString());
    const companyId = Number(
      Buffer.from(
        expectData(await gql(backend, '{ company { id } }', { token: harbour })).company.id,
        'base64',
      ).toString(),
    );
    // Magento's save takes the whole company (and its id from the body): read it, change it, send it back.
    const put = async (change: Record<string, unknown>) => {
      const path = `/rest/V1/company/${String(companyId)}`;
      const company = (await backend.call('GET', path, { token: INTEGRATION_TOKEN })).body;
      return backend.call('PUT', path, {
        token: INTEGRATION_TOKEN,
        body: { company: { ...company, ...change } },
      });
    };
    expect((await put({ customer_group_id: 3 })).status).toBe(200);
    expect(await groupOf(id)).toBe(3);
    expect((await put({ status: 2, reject_reason: 'Not a business' })).status).toBe(200);
    expect(await groupOf(id)).toBe(1);
  });
});
