/**
 * What a signed-in customer may do for their company (B2B for Adobe Commerce, Magento_Company): the shape
 * every B2B feature of the storefront (purchase orders, quotes, requisition lists, the company pages) codes
 * against. It is read once per request by `readCompanyAccess` (index.server.ts) from Adobe's
 * `customer { role ... }` and `company { ... }`; undefined means no company (or a Magento Open Source back
 * end, which has none).
 */

/** Adobe's company resource ids (`etc/company_acl.xml`), named for the code that asks about them. */
export const COMPANY_RESOURCES = {
  all: 'Magento_Company::index',
  sales: 'Magento_Sales::all',
  checkout: 'Magento_Sales::place_order',
  payOnAccount: 'Magento_Sales::payment_account',
  viewOrders: 'Magento_Sales::view_orders',
  viewOrdersOfSubordinates: 'Magento_Sales::view_orders_sub',
  quotes: 'Magento_NegotiableQuote::all',
  viewQuotes: 'Magento_NegotiableQuote::view_quotes',
  manageQuotes: 'Magento_NegotiableQuote::manage',
  checkoutWithQuote: 'Magento_NegotiableQuote::checkout',
  viewQuotesOfSubordinates: 'Magento_NegotiableQuote::view_quotes_sub',
  purchaseOrders: 'Magento_PurchaseOrder::all',
  viewPurchaseOrders: 'Magento_PurchaseOrder::view_purchase_orders',
  viewPurchaseOrdersOfSubordinates: 'Magento_PurchaseOrder::view_purchase_orders_for_subordinates',
  viewPurchaseOrdersOfCompany: 'Magento_PurchaseOrder::view_purchase_orders_for_company',
  autoApprovePurchaseOrders: 'Magento_PurchaseOrder::autoapprove_purchase_order',
  approvePurchaseOrders: 'Magento_PurchaseOrderRule::super_approve_purchase_order',
  viewApprovalRules: 'Magento_PurchaseOrderRule::view_approval_rules',
  manageApprovalRules: 'Magento_PurchaseOrderRule::manage_approval_rules',
  companyProfile: 'Magento_Company::view',
  viewAccount: 'Magento_Company::view_account',
  editAccount: 'Magento_Company::edit_account',
  viewAddress: 'Magento_Company::view_address',
  editAddress: 'Magento_Company::edit_address',
  contacts: 'Magento_Company::contacts',
  paymentInformation: 'Magento_Company::payment_information',
  shippingInformation: 'Magento_Company::shipping_information',
  userManagement: 'Magento_Company::user_management',
  rolesView: 'Magento_Company::roles_view',
  rolesEdit: 'Magento_Company::roles_edit',
  usersView: 'Magento_Company::users_view',
  usersEdit: 'Magento_Company::users_edit',
  credit: 'Magento_Company::credit',
  creditHistory: 'Magento_Company::credit_history',
} as const;

export type CompanyResource = (typeof COMPANY_RESOURCES)[keyof typeof COMPANY_RESOURCES];

export interface CompanyAccess {
  /** Adobe's uid of the company (base64 of its id). */
  readonly companyUid: string;
  readonly companyName: string;
  /** The company administrator: every resource is allowed. */
  readonly isAdmin: boolean;
  /** The customer's role, or null (the administrator has none). */
  readonly roleName: string | null;
  /** Adobe resource ids the customer may use: every one for the administrator. */
  readonly allowed: ReadonlySet<string>;
  readonly purchaseOrdersEnabled: boolean;
}

/** Whether the access allows a resource (the administrator always). */
export const mayUse = (access: CompanyAccess | undefined, resource: string): boolean =>
  access !== undefined && (access.isAdmin || access.allowed.has(resource));

export const ALL_COMPANY_RESOURCES: readonly string[] = Object.values(COMPANY_RESOURCES);
