/**
 * B2B for Adobe Commerce's company schema (Magento_CompanyGraphQl and Magento_CompanyCreditGraphQl, with
 * `Customer.purchase_orders_enabled` of Magento_PurchaseOrderGraphQl), as Adobe's reference pages list it
 * (graphql/schema/b2b/company/): the `company` query and its availability checks, the company, user, role,
 * team and structure mutations, and the fields B2B adds to `Customer`.
 * `CountryCodeEnum` is the directory's countries (Magento's enum lists the same ISO codes).
 */
import { COUNTRIES } from '../directory/country-data.ts';

const COUNTRY_CODES = COUNTRIES.map((country) => country.id).join(' ');

export const COMPANY_SDL = `
extend type Query {
  company: Company
  isCompanyAdminEmailAvailable(email: String!): IsCompanyAdminEmailAvailableOutput
  isCompanyEmailAvailable(email: String!): IsCompanyEmailAvailableOutput
  isCompanyRoleNameAvailable(name: String!): IsCompanyRoleNameAvailableOutput
  isCompanyUserEmailAvailable(email: String!): IsCompanyUserEmailAvailableOutput
}

extend type Mutation {
  createCompany(input: CompanyCreateInput!): CreateCompanyOutput
  updateCompany(input: CompanyUpdateInput!): UpdateCompanyOutput
  createCompanyUser(input: CompanyUserCreateInput!): CreateCompanyUserOutput
  updateCompanyUser(input: CompanyUserUpdateInput!): UpdateCompanyUserOutput
  deleteCompanyUser(id: ID!): DeleteCompanyUserOutput @deprecated(reason: "Use \`deleteCompanyUserV2\` instead.")
  deleteCompanyUserV2(id: ID!): DeleteCompanyUserOutput
  createCompanyRole(input: CompanyRoleCreateInput!): CreateCompanyRoleOutput
  updateCompanyRole(input: CompanyRoleUpdateInput!): UpdateCompanyRoleOutput
  deleteCompanyRole(id: ID!): DeleteCompanyRoleOutput
  createCompanyTeam(input: CompanyTeamCreateInput!): CreateCompanyTeamOutput
  updateCompanyTeam(input: CompanyTeamUpdateInput!): UpdateCompanyTeamOutput
  deleteCompanyTeam(id: ID!): DeleteCompanyTeamOutput
  updateCompanyStructure(input: CompanyStructureUpdateInput!): UpdateCompanyStructureOutput
  acceptCompanyInvitation(input: CompanyInvitationInput!): CompanyInvitationOutput
}

input CompanyInvitationInput { code: String! user: CompanyInvitationUserInput! role_id: ID }
input CompanyInvitationUserInput { company_id: ID! customer_id: ID! job_title: String status: CompanyUserStatusEnum telephone: String }
type CompanyInvitationOutput { success: Boolean }
enum CountryCodeEnum { ${COUNTRY_CODES} }

enum CompanyUserStatusEnum { ACTIVE INACTIVE }

enum CompanyCreditOperationType { ALLOCATION UPDATE PURCHASE REIMBURSEMENT REFUND REVERT }

enum CompanyCreditOperationUserType { CUSTOMER ADMIN }

extend type Customer {
  firstname: String
  lastname: String
  email: String
  job_title: String
  telephone: String
  status: CompanyUserStatusEnum
  role: CompanyRole
  team: CompanyTeam
  purchase_orders_enabled: Boolean!
}

type Company {
  id: ID!
  name: String
  email: String
  legal_name: String
  vat_tax_id: String
  reseller_id: String
  legal_address: CompanyLegalAddress
  company_admin: Customer
  sales_representative: CompanySalesRepresentative
  payment_methods: [String]
  users(filter: CompanyUsersFilterInput, pageSize: Int = 20, currentPage: Int = 1): CompanyUsers
  user(id: ID!): Customer
  roles(pageSize: Int = 20, currentPage: Int = 1): CompanyRoles!
  role(id: ID!): CompanyRole
  acl_resources: [CompanyAclResource]
  structure(rootId: ID, depth: Int = 10): CompanyStructure
  team(id: ID!): CompanyTeam
  credit: CompanyCredit!
  credit_history(filter: CompanyCreditHistoryFilterInput, pageSize: Int = 20, currentPage: Int = 1): CompanyCreditHistory!
}

type CompanyLegalAddress {
  street: [String]
  city: String
  region: CustomerAddressRegion
  country_code: CountryCodeEnum
  postcode: String
  telephone: String
}

type CustomerAddressRegion {
  region_code: String
  region: String
  region_id: Int
}

type CompanySalesRepresentative {
  firstname: String
  lastname: String
  email: String
}

input CompanyUsersFilterInput { status: CompanyUserStatusEnum }

type CompanyUsers {
  items: [Customer]!
  total_count: Int!
  page_info: SearchResultPageInfo
}

type CompanyRoles {
  items: [CompanyRole]!
  total_count: Int!
  page_info: SearchResultPageInfo
}

type CompanyRole {
  id: ID!
  name: String
  users_count: Int
  permissions: [CompanyAclResource]
}

type CompanyAclResource {
  id: ID
  text: String
  sort_order: Int
  children: [CompanyAclResource]
}

type CompanyStructure { items: [CompanyStructureItem] }

type CompanyStructureItem {
  id: ID!
  parent_id: ID
  entity: CompanyStructureEntity
}

union CompanyStructureEntity = CompanyTeam | Customer

type CompanyTeam {
  id: ID!
  name: String
  description: String
  structure_id: ID!
}

type CompanyCredit {
  outstanding_balance: Money!
  available_credit: Money!
  credit_limit: Money!
}

input CompanyCreditHistoryFilterInput {
  operation_type: CompanyCreditOperationType
  updated_by: String
  custom_reference_number: String
}

type CompanyCreditHistory {
  items: [CompanyCreditOperation]!
  page_info: SearchResultPageInfo!
  total_count: Int
}

type CompanyCreditOperation {
  date: String!
  type: CompanyCreditOperationType!
  amount: Money
  balance: CompanyCredit!
  updated_by: CompanyCreditOperationUser!
  custom_reference_number: String
}

type CompanyCreditOperationUser {
  name: String!
  type: CompanyCreditOperationUserType!
}

type IsCompanyAdminEmailAvailableOutput { is_email_available: Boolean! }
type IsCompanyEmailAvailableOutput { is_email_available: Boolean! }
type IsCompanyRoleNameAvailableOutput { is_role_name_available: Boolean! }
type IsCompanyUserEmailAvailableOutput { is_email_available: Boolean! }

input CustomerAddressRegionInput {
  region_code: String
  region: String
  region_id: Int
}

input CompanyAdminInput {
  email: String!
  firstname: String!
  lastname: String!
  job_title: String
  telephone: String
  gender: Int
}

input CompanyLegalAddressCreateInput {
  street: [String!]!
  city: String!
  region: CustomerAddressRegionInput!
  country_id: CountryCodeEnum!
  postcode: String!
  telephone: String!
}

input CompanyLegalAddressUpdateInput {
  street: [String!]
  city: String
  region: CustomerAddressRegionInput
  country_id: CountryCodeEnum
  postcode: String
  telephone: String
}

input CompanyCreateInput {
  company_name: String!
  company_email: String!
  legal_name: String
  vat_tax_id: String
  reseller_id: String
  legal_address: CompanyLegalAddressCreateInput!
  company_admin: CompanyAdminInput!
}

input CompanyUpdateInput {
  company_name: String
  company_email: String
  legal_name: String
  vat_tax_id: String
  reseller_id: String
  legal_address: CompanyLegalAddressUpdateInput
}

input CompanyUserCreateInput {
  job_title: String!
  role_id: ID!
  firstname: String!
  lastname: String!
  email: String!
  telephone: String!
  status: CompanyUserStatusEnum!
  target_id: ID
}

input CompanyUserUpdateInput {
  id: ID!
  role_id: ID
  status: CompanyUserStatusEnum
  job_title: String
  firstname: String
  lastname: String
  email: String
  telephone: String
}

input CompanyRoleCreateInput {
  name: String!
  permissions: [String!]!
}

input CompanyRoleUpdateInput {
  id: ID!
  name: String
  permissions: [String!]
}

input CompanyTeamCreateInput {
  name: String!
  description: String
  target_id: ID
}

input CompanyTeamUpdateInput {
  id: ID!
  name: String
  description: String
}

input CompanyStructureUpdateInput {
  tree_id: ID!
  parent_tree_id: ID!
}

type CreateCompanyOutput { company: Company! }
type UpdateCompanyOutput { company: Company! }
type CreateCompanyUserOutput { user: Customer! }
type UpdateCompanyUserOutput { user: Customer! }
type DeleteCompanyUserOutput { success: Boolean! }
type CreateCompanyRoleOutput { role: CompanyRole! }
type UpdateCompanyRoleOutput { role: CompanyRole! }
type DeleteCompanyRoleOutput { success: Boolean! }
type CreateCompanyTeamOutput { team: CompanyTeam! }
type UpdateCompanyTeamOutput { team: CompanyTeam! }
type DeleteCompanyTeamOutput { success: Boolean! }
type UpdateCompanyStructureOutput { company: Company! }
`;
