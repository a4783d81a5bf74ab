/**
 * The company operations the storefront sends to Magento's GraphQL (B2B for Adobe Commerce, Magento_Company
 * and Magento_CompanyCredit; docs/magento.md "Company accounts"), each with only the fields it reads and the
 * zod schema of its `data`. Uids are Adobe's: base64 of the id.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

/** A permission node of a role: Adobe nests children; five levels cover the whole tree. */
export interface AclNodeWire {
  readonly id: string;
  readonly text?: string | null | undefined;
  readonly children?: readonly AclNodeWire[] | null | undefined;
}
const aclNode: z.ZodType<AclNodeWire> = z.lazy(() =>
  z.object({ id: z.string(), text: z.string().nullish(), children: z.array(aclNode).nullish() }),
);

const CHILDREN = (depth: number): string =>
  depth === 0 ? 'id text' : `id text children { ${CHILDREN(depth - 1)} }`;
/** The ACL tree's fields, deep enough for Adobe's deepest resource (approval rules, five levels). */
export const ACL_FIELDS = CHILDREN(5);

/**
 * The signed-in customer's role: null for a customer of no company (so the company itself is asked only of
 * a company user, for whom Adobe answers it).
 */
export const READ_CUSTOMER_ROLE = {
  query: `query StorefrontCompanyRole {
  customer { email purchase_orders_enabled role { id name permissions { ${ACL_FIELDS} } } }
}`,
  reads: true,
  data: z.object({
    customer: z
      .object({
        email: z.string().nullish(),
        purchase_orders_enabled: z.boolean().nullish(),
        role: z
          .object({ id: z.string(), name: z.string().nullish(), permissions: z.array(aclNode).nullish() })
          .nullish(),
      })
      .nullable(),
  }),
} satisfies GraphqlOperation<unknown>;

/** The company of a company user: its uid, name and administrator (refused while it awaits approval). */
export const READ_COMPANY_HEAD = {
  query: `query StorefrontCompanyHead { company { id name company_admin { email } } }`,
  reads: true,
  data: z.object({
    company: z
      .object({
        id: z.string(),
        name: z.string().nullish(),
        company_admin: z.object({ email: z.string().nullish() }).nullish(),
      })
      .nullable(),
  }),
} satisfies GraphqlOperation<unknown>;

const money = z.object({ value: z.number().nullish(), currency: z.string().nullish() }).nullish();
const credit = z.object({ credit_limit: money, available_credit: money, outstanding_balance: money });

const roleRef = z.object({ id: z.string(), name: z.string().nullish() }).nullish();
const teamRef = z
  .object({ id: z.string(), name: z.string().nullish(), structure_id: z.string().nullish() })
  .nullish();

const userWire = z.object({
  id: z.string(),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  email: z.string().nullish(),
  job_title: z.string().nullish(),
  status: z.enum(['ACTIVE', 'INACTIVE']).nullish(),
  role: roleRef,
  team: teamRef,
});
export type CompanyUserWire = z.infer<typeof userWire>;

const structureItem = z.object({
  id: z.string(),
  parent_id: z.string().nullish(),
  entity: z
    .union([
      z.object({
        __typename: z.literal('CompanyTeam'),
        id: z.string(),
        name: z.string().nullish(),
        description: z.string().nullish(),
      }),
      z.object({ __typename: z.literal('Customer'), id: z.string(), email: z.string().nullish() }),
    ])
    .nullish(),
});
export type StructureItemWire = z.infer<typeof structureItem>;

const roleWire = z.object({
  id: z.string(),
  name: z.string().nullish(),
  users_count: z.number().nullish(),
  permissions: z.array(aclNode).nullish(),
});
export type CompanyRoleWire = z.infer<typeof roleWire>;

const historyItem = z.object({
  date: z.string(),
  type: z.string(),
  amount: money,
  balance: z.object({ outstanding_balance: money, available_credit: money, credit_limit: money }).nullish(),
  updated_by: z.object({ name: z.string(), type: z.string() }).nullish(),
  custom_reference_number: z.string().nullish(),
});

/** Which parts of the company the customer's role lets them read: Adobe refuses the others. */
export interface CompanyParts {
  readonly address: boolean;
  readonly users: boolean;
  readonly roles: boolean;
  readonly credit: boolean;
  readonly history: boolean;
}

const MONEY = 'value currency';
const CREDIT = `credit_limit { ${MONEY} } available_credit { ${MONEY} } outstanding_balance { ${MONEY} }`;

function companyFields(parts: CompanyParts): string {
  return [
    'id name email legal_name vat_tax_id reseller_id company_admin { email firstname lastname }',
    parts.address ? 'legal_address { street city region { region } country_code postcode telephone }' : '',
    parts.users
      ? `users(pageSize: 200) { items { id firstname lastname email job_title status role { id name } team { id name structure_id } } }
  structure { items { id parent_id entity { __typename ... on CompanyTeam { id name description } ... on Customer { id email } } } }`
      : '',
    parts.roles
      ? `roles(pageSize: 100) { items { id name users_count permissions { ${ACL_FIELDS} } } } acl_resources { ${ACL_FIELDS} }`
      : '',
    parts.credit ? `credit { ${CREDIT} }` : '',
    parts.history
      ? `credit_history(pageSize: 50) { items { date type amount { ${MONEY} } balance { ${CREDIT} } updated_by { name type } custom_reference_number } }`
      : '',
  ].join('\n  ');
}

/** The company as the company page shows it: only the parts the role may read. */
export const readCompany = (parts: CompanyParts) =>
  ({
    query: `query StorefrontCompany {\n company {\n  ${companyFields(parts)}\n }\n}`,
    reads: true,
    data: z.object({
      company: z
        .object({
          id: z.string(),
          name: z.string().nullish(),
          email: z.string().nullish(),
          legal_name: z.string().nullish(),
          vat_tax_id: z.string().nullish(),
          reseller_id: z.string().nullish(),
          company_admin: z
            .object({
              email: z.string().nullish(),
              firstname: z.string().nullish(),
              lastname: z.string().nullish(),
            })
            .nullish(),
          legal_address: z
            .object({
              street: z.array(z.string().nullable()).nullish(),
              city: z.string().nullish(),
              region: z.object({ region: z.string().nullish() }).nullish(),
              country_code: z.string().nullish(),
              postcode: z.string().nullish(),
              telephone: z.string().nullish(),
            })
            .nullish(),
          users: z.object({ items: z.array(userWire.nullable()) }).nullish(),
          structure: z.object({ items: z.array(structureItem.nullable()).nullish() }).nullish(),
          roles: z.object({ items: z.array(roleWire.nullable()) }).nullish(),
          acl_resources: z.array(aclNode.nullable()).nullish(),
          credit: credit.nullish(),
          credit_history: z.object({ items: z.array(historyItem.nullable()) }).nullish(),
        })
        .nullable(),
    }),
  }) satisfies GraphqlOperation<unknown>;

/** The session's customer as an invitation checks them: their uid and e-mail. */
export const READ_CUSTOMER_ID = {
  query: 'query StorefrontCustomerId { customer { id email } }',
  reads: true,
  data: z.object({
    customer: z.object({ id: z.string().nullish(), email: z.string().nullish() }).nullable(),
  }),
} satisfies GraphqlOperation<unknown>;

/** A mutation whose answer the storefront does not read beyond its presence. */
const mutation = (name: string, signature: string, call: string, answer: string) =>
  ({
    query: `mutation Storefront_${name}(${signature}) { ${call} { ${answer} } }`,
    reads: false,
    data: z.object({ [name]: z.unknown() }),
  }) satisfies GraphqlOperation<unknown>;

export const CREATE_COMPANY = mutation(
  'createCompany',
  '$input: CompanyCreateInput!',
  'createCompany(input: $input)',
  'company { id name }',
);
export const UPDATE_COMPANY_USER = mutation(
  'updateCompanyUser',
  '$input: CompanyUserUpdateInput!',
  'updateCompanyUser(input: $input)',
  'user { id }',
);
export const DELETE_COMPANY_USER = mutation(
  'deleteCompanyUserV2',
  '$id: ID!',
  'deleteCompanyUserV2(id: $id)',
  'success',
);
export const UPDATE_COMPANY_STRUCTURE = mutation(
  'updateCompanyStructure',
  '$input: CompanyStructureUpdateInput!',
  'updateCompanyStructure(input: $input)',
  'company { id }',
);
export const CREATE_COMPANY_TEAM = mutation(
  'createCompanyTeam',
  '$input: CompanyTeamCreateInput!',
  'createCompanyTeam(input: $input)',
  'team { id }',
);
export const UPDATE_COMPANY_TEAM = mutation(
  'updateCompanyTeam',
  '$input: CompanyTeamUpdateInput!',
  'updateCompanyTeam(input: $input)',
  'team { id }',
);
export const DELETE_COMPANY_TEAM = mutation(
  'deleteCompanyTeam',
  '$id: ID!',
  'deleteCompanyTeam(id: $id)',
  'success',
);
export const CREATE_COMPANY_ROLE = mutation(
  'createCompanyRole',
  '$input: CompanyRoleCreateInput!',
  'createCompanyRole(input: $input)',
  'role { id }',
);
export const UPDATE_COMPANY_ROLE = mutation(
  'updateCompanyRole',
  '$input: CompanyRoleUpdateInput!',
  'updateCompanyRole(input: $input)',
  'role { id }',
);
export const DELETE_COMPANY_ROLE = mutation(
  'deleteCompanyRole',
  '$id: ID!',
  'deleteCompanyRole(id: $id)',
  'success',
);
