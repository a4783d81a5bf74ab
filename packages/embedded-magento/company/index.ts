/** The door of the company module: what purchase orders, quotes and the other B2B modules may use of it. */
export { ACL_RESOURCE_IDS, ACL_ROOT, ACL_TREE, DEFAULT_USER_ROLE, isAclResource } from './acl.ts';
export type { AclResource } from './acl.ts';
export {
  actsForCompany,
  allows,
  COMPANY_STATUS,
  companyCustomers,
  companyUser,
  managerOf,
  purchaseOrdersEnabled,
  subordinatesOf,
} from './membership.ts';
export type { CompanyUser } from './membership.ts';
export { companyAttributesOf, saveCompanyAttributes } from './attributes.ts';
export { quotesEnabled } from './quote-config.ts';
