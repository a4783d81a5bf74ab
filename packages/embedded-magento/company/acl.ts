/**
 * The company's permission tree (B2B for Adobe Commerce's `etc/company_acl.xml` of Magento_Company,
 * Magento_Sales, Magento_NegotiableQuote, Magento_PurchaseOrder, Magento_PurchaseOrderRule and
 * Magento_CompanyCredit), as Adobe lists it for `createCompanyRole`: each resource with its title and its
 * children, in the order the store's role editor shows them. `company.acl_resources` answers this tree.
 */

export interface AclResource {
  readonly id: string;
  readonly text: string;
  readonly sort_order: number;
  readonly children: readonly AclResource[];
}

const node = (id: string, text: string, sort: number, children: AclResource[] = []): AclResource => ({
  id,
  text,
  sort_order: sort,
  children,
});

export const ACL_ROOT = 'Magento_Company::index';

export const ACL_TREE: AclResource = node(ACL_ROOT, 'All', 100, [
  node('Magento_Sales::all', 'Sales', 10, [
    node('Magento_Sales::place_order', 'Allow Checkout', 10, [
      node('Magento_Sales::payment_account', 'Use Pay On Account method', 10),
    ]),
    node('Magento_Sales::view_orders', 'View orders', 20, [
      node('Magento_Sales::view_orders_sub', 'View orders of subordinate users', 10),
    ]),
  ]),
  node('Magento_NegotiableQuote::all', 'Quotes', 20, [
    node('Magento_NegotiableQuote::view_quotes', 'View', 10, [
      node('Magento_NegotiableQuote::manage', 'Request, Edit, Delete', 10),
      node('Magento_NegotiableQuote::checkout', 'Checkout with Quote', 20),
      node('Magento_NegotiableQuote::view_quotes_sub', 'View quotes of subordinate users', 30),
    ]),
  ]),
  node('Magento_PurchaseOrder::all', 'Order Approvals', 30, [
    node('Magento_PurchaseOrder::view_purchase_orders', 'View My Purchase Orders', 10, [
      node('Magento_PurchaseOrder::view_purchase_orders_for_subordinates', 'View for subordinates', 10),
      node('Magento_PurchaseOrder::view_purchase_orders_for_company', 'View for all company', 20),
      node(
        'Magento_PurchaseOrder::autoapprove_purchase_order',
        'Auto-approve POs created within this role',
        30,
      ),
      node(
        'Magento_PurchaseOrderRule::super_approve_purchase_order',
        'Approve Purchase Orders without other approvals',
        40,
      ),
      node('Magento_PurchaseOrderRule::view_approval_rules', 'View Approval Rules', 50, [
        node('Magento_PurchaseOrderRule::manage_approval_rules', 'Create, Edit and Delete', 10),
      ]),
    ]),
  ]),
  node('Magento_Company::view', 'Company Profile', 40, [
    node('Magento_Company::view_account', 'Account Information (View)', 10, [
      node('Magento_Company::edit_account', 'Edit', 10),
    ]),
    node('Magento_Company::view_address', 'Legal Address (View)', 20, [
      node('Magento_Company::edit_address', 'Edit', 10),
    ]),
    node('Magento_Company::contacts', 'Contacts (View)', 30),
    node('Magento_Company::payment_information', 'Payment Information (View)', 40),
    node('Magento_Company::shipping_information', 'Shipping Information (View)', 50),
  ]),
  node('Magento_Company::user_management', 'Company User Management', 50, [
    node('Magento_Company::roles_view', 'Roles and Permissions (View)', 10, [
      node('Magento_Company::roles_edit', 'Manage roles and permissions', 10),
    ]),
    node('Magento_Company::users_view', 'Company Users (View)', 20, [
      node('Magento_Company::users_edit', 'Edit Company Users', 10),
    ]),
  ]),
  node('Magento_Company::credit', 'Company Credit', 60, [
    node('Magento_Company::credit_history', 'View', 10),
  ]),
]);

function collect(resource: AclResource, into: string[]): string[] {
  into.push(resource.id);
  for (const child of resource.children) collect(child, into);
  return into;
}

/** Every resource id of the tree, root first. */
export const ACL_RESOURCE_IDS: readonly string[] = collect(ACL_TREE, []);

const KNOWN = new Set(ACL_RESOURCE_IDS);
export const isAclResource = (id: string): boolean => KNOWN.has(id);

/**
 * The "Default User" role every new company gets (Magento\Company\Model\Company\... DefaultRole): it may
 * check out, see its own orders, quotes and purchase orders, and see the company's profile.
 */
export const DEFAULT_USER_ROLE = {
  name: 'Default User',
  allow: [
    ACL_ROOT,
    'Magento_Sales::all',
    'Magento_Sales::place_order',
    'Magento_Sales::payment_account',
    'Magento_Sales::view_orders',
    'Magento_NegotiableQuote::all',
    'Magento_NegotiableQuote::view_quotes',
    'Magento_NegotiableQuote::manage',
    'Magento_NegotiableQuote::checkout',
    'Magento_PurchaseOrder::all',
    'Magento_PurchaseOrder::view_purchase_orders',
    'Magento_Company::view',
    'Magento_Company::view_account',
    'Magento_Company::view_address',
    'Magento_Company::contacts',
    'Magento_Company::payment_information',
    'Magento_Company::shipping_information',
    'Magento_Company::credit',
  ],
} as const;
