/**
 * What the storefront server changes of a company in Magento (docs/company-accounts.md): registering one
 * (a guest's administrator is created first, with their password, then registers signed in), accepting an
 * invitation (the integration's admin REST calls Adobe documents: assign the customer to the company, their
 * role, their place in the tree, their job title), and the users, teams and roles of the customer's own
 * company (GraphQL with their token).
 */
import { z } from 'zod';
import { customerToken } from '../account/index.server.ts';
import { asShopper, magentoFetch, type IntegrationConfig } from '../../magento/client.ts';
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { customerSchema } from '../../magento/wire/customer.ts';
import {
  CREATE_COMPANY,
  CREATE_COMPANY_ROLE,
  CREATE_COMPANY_TEAM,
  DELETE_COMPANY_ROLE,
  DELETE_COMPANY_TEAM,
  DELETE_COMPANY_USER,
  UPDATE_COMPANY_ROLE,
  UPDATE_COMPANY_STRUCTURE,
  UPDATE_COMPANY_TEAM,
  UPDATE_COMPANY_USER,
} from '../../magento/wire/company.ts';
import { idOfUid, type Invitation } from './invitation.server.ts';
import { vatNumberOfRegistration, type Registration } from './registration.ts';

/** Adobe's `CompanyCreateInput` of the form; the registration number is kept in `reseller_id`. */
function companyInput(form: Registration, admin: { email: string; firstname: string; lastname: string }) {
  const text = (value: string) => value.trim() || null;
  return {
    company_name: form.companyName.trim(),
    company_email: form.companyEmail.trim(),
    legal_name: text(form.legalName),
    vat_tax_id: vatNumberOfRegistration(form),
    reseller_id: text(form.registrationNumber),
    legal_address: {
      street: [form.street, form.street2].map((line) => line.trim()).filter(Boolean),
      city: form.city.trim(),
      region: { region: form.county.trim() || null },
      country_id: 'GB',
      postcode: form.postcode.trim().toUpperCase(),
      telephone: form.telephone.trim(),
    },
    company_admin: { ...admin, job_title: text(form.jobTitle) },
  };
}

const me = z.object({ email: z.string(), firstname: z.string(), lastname: z.string() });

/** Registers the company with the signed-in customer as its administrator: pending the merchant's approval. */
export async function registerAsCustomer(
  magento: IntegrationConfig,
  graphql: MagentoGraphqlConfig,
  token: string,
  form: Registration,
): Promise<void> {
  const customer = await magentoFetch(asShopper(magento, token), { path: '/customers/me', schema: me });
  await magentoGraphql(graphql, CREATE_COMPANY, {
    token,
    variables: { input: companyInput(form, customer) },
  });
}

/**
 * A guest registers: their customer account is made first (as Magento's own registration makes it, with
 * their password), then the company is registered with their new token, so they can sign in at once.
 */
export async function registerAsGuest(
  magento: IntegrationConfig,
  graphql: MagentoGraphqlConfig,
  form: Registration,
): Promise<void> {
  const admin = {
    email: form.email.trim(),
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
  };
  await magentoFetch(asShopper(magento, undefined), {
    method: 'POST',
    path: '/customers',
    body: { customer: admin, password: form.password },
    schema: customerSchema,
  });
  const token = await customerToken(magento, admin.email, form.password);
  if (!token) throw new Error('Magento did not sign in the customer it had just created');
  await magentoGraphql(graphql, CREATE_COMPANY, { token, variables: { input: companyInput(form, admin) } });
}

const anyCustomer = z.looseObject({ id: z.number(), email: z.string() });

const hierarchy = z.array(
  z.looseObject({ structure_id: z.number(), entity_id: z.number(), entity_type: z.string() }),
);

/** The customer's node in the company's tree (`GET /V1/hierarchy/:companyId`). */
async function nodeOfCustomer(magento: IntegrationConfig, companyId: number, customerId: number) {
  const tree = await magentoFetch(magento, { path: `/hierarchy/${String(companyId)}`, schema: hierarchy });
  return tree.find((node) => node.entity_type === 'customer' && node.entity_id === customerId)?.structure_id;
}

/**
 * The job title, in the customer's `extension_attributes.company_attributes` (saved whole, as Magento wants,
 * with the company's id, which Adobe requires to update a company user).
 */
async function saveJobTitle(
  magento: IntegrationConfig,
  customerId: number,
  companyId: number,
  jobTitle: string,
) {
  const customer = await magentoFetch(magento, {
    path: `/customers/${String(customerId)}`,
    schema: anyCustomer,
  });
  const extension = z
    .looseObject({})
    .catch({})
    .parse(customer['extension_attributes'] ?? {});
  await magentoFetch(magento, {
    method: 'PUT',
    path: `/customers/${String(customerId)}`,
    body: {
      customer: {
        ...customer,
        extension_attributes: {
          ...extension,
          company_attributes: { company_id: companyId, job_title: jobTitle },
        },
      },
    },
    schema: anyCustomer,
  });
}

/**
 * The invited customer joins: `PUT /V1/customers/:id/companies/:companyId` (assignCustomer), their role
 * (`PUT /V1/company/assignRoles`), their team (`PUT /V1/hierarchy/move/:id`) and their job title (the
 * customer's `extension_attributes.company_attributes`), with the integration's credentials.
 */
export async function joinCompany(
  magento: IntegrationConfig,
  customerId: number,
  invitation: Invitation,
): Promise<void> {
  const companyId = idOfUid(invitation.company);
  const roleId = idOfUid(invitation.role);
  if (companyId === undefined || roleId === undefined)
    throw new Error('The invitation names no company or role');
  const ok = z.boolean();
  await magentoFetch(magento, {
    method: 'PUT',
    path: `/customers/${String(customerId)}/companies/${String(companyId)}`,
    schema: ok,
  });
  await magentoFetch(magento, {
    method: 'PUT',
    path: '/company/assignRoles',
    body: { userId: customerId, roles: [{ id: roleId }] },
    schema: ok,
  });
  const team = invitation.team === null ? undefined : idOfUid(invitation.team);
  const node = team === undefined ? undefined : await nodeOfCustomer(magento, companyId, customerId);
  if (team !== undefined && node !== undefined)
    await magentoFetch(magento, {
      method: 'PUT',
      path: `/hierarchy/move/${String(node)}`,
      body: { newParentId: team },
      schema: ok,
    });
  if (invitation.jobTitle.trim() !== '')
    await saveJobTitle(magento, customerId, companyId, invitation.jobTitle.trim());
}

type Call = (magento: MagentoGraphqlConfig, token: string) => Promise<unknown>;

/** A user's role, status or place in the tree (a team's node, or the root for none). */
export const updateUser =
  (uid: string, change: { role?: string; active?: boolean }): Call =>
  (magento, token) =>
    magentoGraphql(magento, UPDATE_COMPANY_USER, {
      token,
      variables: {
        input: {
          id: uid,
          ...(change.role ? { role_id: change.role } : {}),
          ...(change.active === undefined ? {} : { status: change.active ? 'ACTIVE' : 'INACTIVE' }),
        },
      },
    });

export const moveNode =
  (node: string, parent: string): Call =>
  (magento, token) =>
    magentoGraphql(magento, UPDATE_COMPANY_STRUCTURE, {
      token,
      variables: { input: { tree_id: node, parent_tree_id: parent } },
    });

export const removeUser =
  (uid: string): Call =>
  (magento, token) =>
    magentoGraphql(magento, DELETE_COMPANY_USER, { token, variables: { id: uid } });

export const createTeam =
  (name: string, description: string): Call =>
  (magento, token) =>
    magentoGraphql(magento, CREATE_COMPANY_TEAM, { token, variables: { input: { name, description } } });

export const updateTeam =
  (uid: string, name: string, description: string): Call =>
  (magento, token) =>
    magentoGraphql(magento, UPDATE_COMPANY_TEAM, {
      token,
      variables: { input: { id: uid, name, description } },
    });

export const deleteTeam =
  (uid: string): Call =>
  (magento, token) =>
    magentoGraphql(magento, DELETE_COMPANY_TEAM, { token, variables: { id: uid } });

export const createRole =
  (name: string, permissions: readonly string[]): Call =>
  (magento, token) =>
    magentoGraphql(magento, CREATE_COMPANY_ROLE, { token, variables: { input: { name, permissions } } });

export const updateRole =
  (uid: string, name: string, permissions: readonly string[]): Call =>
  (magento, token) =>
    magentoGraphql(magento, UPDATE_COMPANY_ROLE, {
      token,
      variables: { input: { id: uid, name, permissions } },
    });

export const deleteRole =
  (uid: string): Call =>
  (magento, token) =>
    magentoGraphql(magento, DELETE_COMPANY_ROLE, { token, variables: { id: uid } });
