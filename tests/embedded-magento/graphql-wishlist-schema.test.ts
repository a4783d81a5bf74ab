/**
 * Drift from Magento's schema fails here: the introspection query is run against `/graphql` and every type,
 * field, argument, input field and enum value the back end exposes must exist in Magento 2.4.9's own
 * introspection with the identical type reference, default value and deprecation. Magento's types are the
 * wish-list extract (`shared/contracts/magento-graphql/wishlist-introspection-2.4.9.json`) and, beyond it,
 * the supplement made from the same introspection by `graphql-introspection-extract.ts` (configurable
 * products, swatches, the product types, `storeConfig`, the customer's orders and invoices). What is left out is a named list, so a change to
 * either side is deliberate.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';

const INTROSPECTION = resolve(
  import.meta.dirname,
  '../../../shared/contracts/magento-graphql/wishlist-introspection-2.4.9.json',
);
const SUPPLEMENT = resolve(import.meta.dirname, 'graphql-introspection-2.4.9-supplement.json');

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
const typeRef: z.ZodType<TypeRef> = z.lazy(() =>
  z.object({ kind: z.string(), name: z.string().nullable(), ofType: typeRef.nullable() }),
);
const inputValue = z.object({ name: z.string(), type: typeRef, defaultValue: z.string().nullable() });
const named = z.object({ name: z.string() });
const fullType = z.object({
  kind: z.string(),
  name: z.string(),
  'x-fields-filtered': z.boolean().optional(),
  fields: z
    .array(
      z.object({
        name: z.string(),
        args: z.array(inputValue),
        type: typeRef,
        isDeprecated: z.boolean(),
        deprecationReason: z.string().nullable(),
      }),
    )
    .nullable(),
  inputFields: z.array(inputValue).nullable(),
  interfaces: z.array(named).nullable(),
  enumValues: z.array(z.object({ name: z.string(), isDeprecated: z.boolean() })).nullable(),
  possibleTypes: z.array(named).nullable(),
});
type FullType = z.output<typeof fullType>;

type Field = NonNullable<FullType['fields']>[number];

const extract = z.object({ types: z.array(fullType) }).parse(JSON.parse(readFileSync(INTROSPECTION, 'utf8')));
const supplement = z
  .object({
    types: z.array(fullType),
    fields: z.record(z.string(), z.array(fullType.shape.fields.unwrap().element)),
  })
  .parse(JSON.parse(readFileSync(SUPPLEMENT, 'utf8')));

/** Magento's types: the extract's, with the supplement's types and its fields added to the extract's. */
const magentoTypes = new Map<string, FullType>(
  [...extract.types, ...supplement.types].map((type) => {
    const added: Field[] = supplement.fields[type.name] ?? [];
    return [type.name, added.length ? { ...type, fields: [...(type.fields ?? []), ...added] } : type];
  }),
);

/** Types of Magento's 2.4.9 schema the Open Source stand-in leaves out, and why. */
const LEFT_OUT = [
  'WishlistVisibilityEnum', // Adobe Commerce only
].sort();

/** Fields of Magento's types the stand-in does not expose. */
const FIELDS_LEFT_OUT = [
  'ProductPrice.fixed_product_taxes',
  'Wishlist.name', // Adobe Commerce only: a validation error on Open Source
  'Wishlist.visibility', // Adobe Commerce only
].sort();

/**
 * What Mage-OS's returns module (MageOS_RMA, `packages/embedded-magento/returns/sdl.ts`) adds: no part of
 * Magento's own schema, so not compared with it; the module's tests (returns-*.test.ts) cover it.
 */
const RETURNS_MODULE_TYPES = new Set([
  'AddReturnCommentInput',
  'CreateGuestReturnInput',
  'CreateReturnInput',
  'CreateReturnItemInput',
  'CreateReturnOutput',
  'CustomerReturn',
  'CustomerReturnsOutput',
  'ReturnComment',
  'ReturnCommentsOutput',
  'ReturnItem',
  'ReturnLookupValue',
]);
const RETURNS_MODULE_FIELDS = new Set([
  'Query.customerReturns',
  'Query.customerReturn',
  'Query.guestReturn',
  'Query.returnComments',
  'Mutation.createCustomerReturn',
  'Mutation.createGuestReturn',
  'Mutation.addReturnComment',
]);

/**
 * The stock and price alerts (`packages/embedded-magento/product-alerts/sdl.ts`): Adobe's calls are in the
 * Storefront Compatibility Package of Adobe Commerce as a Cloud Service, not in the 2.4.9 introspection, and
 * the customer's list is magenxcommerce/module-product-alert-graph-ql's; graphql-product-alerts.test.ts
 * holds them to Adobe's documented answers.
 */
const PRODUCT_ALERT_TYPES = new Set([
  'IsProductAlertSubscriptionResult',
  'ProductAlertEntry',
  'ProductAlertPriceInput',
  'ProductAlertStatus',
  'ProductAlertStockInput',
  'ProductAlertSubscriptionResult',
  'ProductAlertType',
  'ProductAlerts',
]);
const PRODUCT_ALERT_FIELDS = new Set([
  'Customer.product_alerts',
  'Query.isSubscribedProductAlertStock',
  'Query.isSubscribedProductAlertPrice',
  'Mutation.subscribeProductAlertStock',
  'Mutation.subscribeProductAlertPrice',
  'Mutation.unsubscribeProductAlertStock',
  'Mutation.unsubscribeProductAlertPrice',
  'Mutation.unsubscribeProductAlertStockAll',
  'Mutation.unsubscribeProductAlertPriceAll',
  'StoreConfig.product_alert_allow_stock',
  'StoreConfig.product_alert_allow_price',
]);
/**
 * B2B for Adobe Commerce's negotiable quotes (`packages/embedded-magento/negotiable-quotes/sdl.ts`) and the
 * cart types they answer with (`sdl-cart.ts`; the 2.4.9 extract holds no cart type): Adobe Commerce only, so
 * not in the Open Source introspection; graphql-negotiable-quotes.test.ts holds them to Adobe's answers.
 */
const NEGOTIABLE_QUOTE_TYPES = new Set([
  'AvailablePaymentMethod',
  'AvailableShippingMethod',
  'BatchMutationStatus',
  'Cart',
  'CartAddressCountry',
  'CartAddressRegion',
  'CartItemInterface',
  'CloseNegotiableQuoteError',
  'CloseNegotiableQuoteOperationFailure',
  'CloseNegotiableQuoteOperationResult',
  'CloseNegotiableQuotesInput',
  'CloseNegotiableQuotesOutput',
  'ConfigurableCartItem',
  'DeleteNegotiableQuoteError',
  'DeleteNegotiableQuoteOperationFailure',
  'DeleteNegotiableQuoteOperationResult',
  'DeleteNegotiableQuotesInput',
  'DeleteNegotiableQuotesOutput',
  'ErrorInterface',
  'FilterMatchTypeInput',
  'NegotiableQuote',
  'NegotiableQuoteAddressInput',
  'NegotiableQuoteBillingAddress',
  'NegotiableQuoteBillingAddressInput',
  'NegotiableQuoteComment',
  'NegotiableQuoteCommentCreatorType',
  'NegotiableQuoteCommentInput',
  'NegotiableQuoteFilterInput',
  'NegotiableQuoteHistoryChanges',
  'NegotiableQuoteHistoryCommentChange',
  'NegotiableQuoteHistoryEntry',
  'NegotiableQuoteHistoryEntryChangeType',
  'NegotiableQuoteHistoryExpirationChange',
  'NegotiableQuoteHistoryStatusChange',
  'NegotiableQuoteHistoryStatusesChange',
  'NegotiableQuoteHistoryTotalChange',
  'NegotiableQuoteInvalidStateError',
  'NegotiableQuoteItemQuantityInput',
  'NegotiableQuotePaymentMethodInput',
  'NegotiableQuoteShippingAddress',
  'NegotiableQuoteShippingAddressInput',
  'NegotiableQuoteSortInput',
  'NegotiableQuoteSortableField',
  'NegotiableQuoteStatus',
  'NegotiableQuoteUidOperationSuccess',
  'NegotiableQuoteUser',
  'NegotiableQuotesOutput',
  'NoSuchEntityUidError',
  'Order',
  'PlaceNegotiableQuoteOrderInput',
  'PlaceNegotiableQuoteOrderOutput',
  'RemoveNegotiableQuoteItemsInput',
  'RemoveNegotiableQuoteItemsOutput',
  'RequestNegotiableQuoteInput',
  'RequestNegotiableQuoteOutput',
  'SelectedPaymentMethod',
  'SendNegotiableQuoteForReviewInput',
  'SendNegotiableQuoteForReviewOutput',
  'SetNegotiableQuoteBillingAddressInput',
  'SetNegotiableQuoteBillingAddressOutput',
  'SetNegotiableQuotePaymentMethodInput',
  'SetNegotiableQuotePaymentMethodOutput',
  'SetNegotiableQuoteShippingAddressInput',
  'SetNegotiableQuoteShippingAddressOutput',
  'SetNegotiableQuoteShippingMethodsInput',
  'SetNegotiableQuoteShippingMethodsOutput',
  'ShippingMethodInput',
  'SimpleCartItem',
  'UpdateNegotiableQuoteItemsQuantityOutput',
  'UpdateNegotiableQuoteQuantitiesInput',
  'VirtualCartItem',
]);
const NEGOTIABLE_QUOTE_FIELDS = new Set([
  'Query.customerCart',
  'Query.negotiableQuote',
  'Query.negotiableQuotes',
  'Mutation.requestNegotiableQuote',
  'Mutation.sendNegotiableQuoteForReview',
  'Mutation.updateNegotiableQuoteQuantities',
  'Mutation.removeNegotiableQuoteItems',
  'Mutation.setNegotiableQuoteShippingAddress',
  'Mutation.setNegotiableQuoteBillingAddress',
  'Mutation.setNegotiableQuoteShippingMethods',
  'Mutation.setNegotiableQuotePaymentMethod',
  'Mutation.placeNegotiableQuoteOrder',
  'Mutation.closeNegotiableQuotes',
  'Mutation.deleteNegotiableQuotes',
]);
/**
 * B2B for Adobe Commerce's company schema (`packages/embedded-magento/company/sdl.ts`): not in Magento Open
 * Source's 2.4.9 introspection; graphql-company.test.ts holds it to Adobe's documented answers. The
 * Customer's names and e-mail are Open Source fields the extract leaves out.
 */
const COMPANY_TYPES = new Set([
  'Company',
  'CompanyAclResource',
  'CompanyAdminInput',
  'CompanyCreateInput',
  'CompanyCredit',
  'CompanyCreditHistory',
  'CompanyCreditHistoryFilterInput',
  'CompanyCreditOperation',
  'CompanyCreditOperationType',
  'CompanyCreditOperationUser',
  'CompanyCreditOperationUserType',
  'CompanyInvitationInput',
  'CompanyInvitationOutput',
  'CompanyInvitationUserInput',
  'CompanyLegalAddress',
  'CompanyLegalAddressCreateInput',
  'CompanyLegalAddressUpdateInput',
  'CompanyRole',
  'CompanyRoleCreateInput',
  'CompanyRoleUpdateInput',
  'CompanyRoles',
  'CompanySalesRepresentative',
  'CompanyStructure',
  'CompanyStructureEntity',
  'CompanyStructureItem',
  'CompanyStructureUpdateInput',
  'CompanyTeam',
  'CompanyTeamCreateInput',
  'CompanyTeamUpdateInput',
  'CompanyUpdateInput',
  'CompanyUserCreateInput',
  'CompanyUserStatusEnum',
  'CompanyUserUpdateInput',
  'CompanyUsers',
  'CompanyUsersFilterInput',
  'CountryCodeEnum',
  'CreateCompanyOutput',
  'CreateCompanyRoleOutput',
  'CreateCompanyTeamOutput',
  'CreateCompanyUserOutput',
  'CustomerAddressRegion',
  'CustomerAddressRegionInput',
  'DeleteCompanyRoleOutput',
  'DeleteCompanyTeamOutput',
  'DeleteCompanyUserOutput',
  'IsCompanyAdminEmailAvailableOutput',
  'IsCompanyEmailAvailableOutput',
  'IsCompanyRoleNameAvailableOutput',
  'IsCompanyUserEmailAvailableOutput',
  'UpdateCompanyOutput',
  'UpdateCompanyRoleOutput',
  'UpdateCompanyStructureOutput',
  'UpdateCompanyTeamOutput',
  'UpdateCompanyUserOutput',
]);
const COMPANY_FIELDS = new Set([
  'Query.company',
  'Query.isCompanyAdminEmailAvailable',
  'Query.isCompanyEmailAvailable',
  'Query.isCompanyRoleNameAvailable',
  'Query.isCompanyUserEmailAvailable',
  'Mutation.createCompany',
  'Mutation.updateCompany',
  'Mutation.createCompanyUser',
  'Mutation.updateCompanyUser',
  'Mutation.deleteCompanyUser',
  'Mutation.deleteCompanyUserV2',
  'Mutation.createCompanyRole',
  'Mutation.updateCompanyRole',
  'Mutation.deleteCompanyRole',
  'Mutation.createCompanyTeam',
  'Mutation.updateCompanyTeam',
  'Mutation.deleteCompanyTeam',
  'Mutation.updateCompanyStructure',
  'Mutation.acceptCompanyInvitation',
  'Customer.firstname',
  'Customer.lastname',
  'Customer.email',
  'Customer.job_title',
  'Customer.telephone',
  'Customer.status',
  'Customer.role',
  'Customer.team',
  'Customer.purchase_orders_enabled',
]);
/**
 * B2B for Adobe Commerce's requisition lists (`packages/embedded-magento/requisition-lists/sdl.ts`): not in
 * Magento Open Source 2.4.9; graphql-requisition-lists.test.ts holds them to Adobe's documented answers.
 */
const REQUISITION_LIST_TYPES = new Set([
  'AddProductsToRequisitionListOutput',
  'AddRequisitionListItemToCartUserError',
  'AddRequisitionListItemToCartUserErrorType',
  'AddRequisitionListItemsToCartOutput',
  'ClearCustomerCartOutput',
  'ConfigurableRequisitionListItem',
  'CopyItemsBetweenRequisitionListsInput',
  'CopyItemsFromRequisitionListsOutput',
  'CreateRequisitionListInput',
  'CreateRequisitionListOutput',
  'DeleteRequisitionListItemsOutput',
  'DeleteRequisitionListOutput',
  'MoveItemsBetweenRequisitionListsInput',
  'MoveItemsBetweenRequisitionListsOutput',
  'RequisitionList',
  'RequisitionListFilterInput',
  'RequisitionListItemInterface',
  'RequisitionListItems',
  'RequisitionListItemsInput',
  'RequisitionLists',
  'RequistionListItems',
  'SimpleRequisitionListItem',
  'UpdateRequisitionListInput',
  'UpdateRequisitionListItemsInput',
  'UpdateRequisitionListItemsOutput',
  'UpdateRequisitionListOutput',
  'VirtualRequisitionListItem',
]);
const REQUISITION_LIST_FIELDS = new Set([
  'Customer.requisition_lists',
  'StoreConfig.is_requisition_list_active',
  'Cart.total_quantity',
  'Cart.items',
  'Mutation.createRequisitionList',
  'Mutation.updateRequisitionList',
  'Mutation.deleteRequisitionList',
  'Mutation.addProductsToRequisitionList',
  'Mutation.updateRequisitionListItems',
  'Mutation.deleteRequisitionListItems',
  'Mutation.addRequisitionListItemsToCart',
  'Mutation.copyItemsBetweenRequisitionLists',
  'Mutation.moveItemsBetweenRequisitionLists',
  'Mutation.clearCustomerCart',
]);
/**
 * B2B for Adobe Commerce's purchase orders and approval rules (`packages/embedded-magento/purchase-orders/sdl.ts`)
 * and the cart types they answer with (`shared-sdl.ts`: Open Source's, reduced, and not in the 2.4.9
 * extract): graphql-purchase-orders.test.ts holds them to Adobe's documented answers.
 */
const PURCHASE_ORDER_TYPES = new Set([
  'AddProductsToCartOutput',
  'AddPurchaseOrderCommentInput',
  'AddPurchaseOrderCommentOutput',
  'AddPurchaseOrderItemsToCartInput',
  'AvailableCurrency',
  'CartItemPrices',
  'CartPrices',
  'CartUserInputError',
  'CartUserInputErrorType',
  'CreatePurchaseOrderApprovalRuleConditionAmountInput',
  'CreatePurchaseOrderApprovalRuleConditionInput',
  'DeletePurchaseOrderApprovalRuleError',
  'DeletePurchaseOrderApprovalRuleErrorType',
  'DeletePurchaseOrderApprovalRuleInput',
  'DeletePurchaseOrderApprovalRuleOutput',
  'PlaceOrderForPurchaseOrderInput',
  'PlaceOrderForPurchaseOrderOutput',
  'PlacePurchaseOrderInput',
  'PlacePurchaseOrderOutput',
  'PurchaseOrder',
  'PurchaseOrderAction',
  'PurchaseOrderActionError',
  'PurchaseOrderApprovalFlowEvent',
  'PurchaseOrderApprovalFlowItemStatus',
  'PurchaseOrderApprovalRule',
  'PurchaseOrderApprovalRuleConditionAmount',
  'PurchaseOrderApprovalRuleConditionInterface',
  'PurchaseOrderApprovalRuleConditionOperator',
  'PurchaseOrderApprovalRuleConditionQuantity',
  'PurchaseOrderApprovalRuleInput',
  'PurchaseOrderApprovalRuleMetadata',
  'PurchaseOrderApprovalRuleStatus',
  'PurchaseOrderApprovalRuleType',
  'PurchaseOrderApprovalRules',
  'PurchaseOrderComment',
  'PurchaseOrderErrorType',
  'PurchaseOrderHistoryItem',
  'PurchaseOrderRuleApprovalFlow',
  'PurchaseOrderStatus',
  'PurchaseOrders',
  'PurchaseOrdersActionInput',
  'PurchaseOrdersActionOutput',
  'PurchaseOrdersFilterInput',
  'SelectedShippingMethod',
  'ShippingCartAddress',
  'UpdatePurchaseOrderApprovalRuleInput',
  'ValidatePurchaseOrderError',
  'ValidatePurchaseOrderErrorType',
  'ValidatePurchaseOrdersInput',
  'ValidatePurchaseOrdersOutput',
]);
const PURCHASE_ORDER_FIELDS = new Set([
  'Customer.purchase_order',
  'Customer.purchase_order_approval_rule',
  'Customer.purchase_order_approval_rule_metadata',
  'Customer.purchase_order_approval_rules',
  'Customer.purchase_orders',
  'Mutation.addPurchaseOrderComment',
  'Mutation.addPurchaseOrderItemsToCart',
  'Mutation.approvePurchaseOrders',
  'Mutation.cancelPurchaseOrders',
  'Mutation.createPurchaseOrderApprovalRule',
  'Mutation.deletePurchaseOrderApprovalRule',
  'Mutation.placeOrderForPurchaseOrder',
  'Mutation.placePurchaseOrder',
  'Mutation.rejectPurchaseOrders',
  'Mutation.updatePurchaseOrderApprovalRule',
  'Mutation.validatePurchaseOrders',
]);
const NOT_MAGENTOS_TYPES = new Set([
  ...PURCHASE_ORDER_TYPES,
  ...REQUISITION_LIST_TYPES,
  ...COMPANY_TYPES,
  ...RETURNS_MODULE_TYPES,
  ...PRODUCT_ALERT_TYPES,
  ...NEGOTIABLE_QUOTE_TYPES,
]);
const NOT_MAGENTOS_FIELDS = new Set([
  ...PURCHASE_ORDER_FIELDS,
  ...REQUISITION_LIST_FIELDS,
  ...COMPANY_FIELDS,
  ...RETURNS_MODULE_FIELDS,
  ...PRODUCT_ALERT_FIELDS,
  ...NEGOTIABLE_QUOTE_FIELDS,
]);

const BUILT_IN_SCALARS = ['Boolean', 'Float', 'ID', 'Int', 'String'];

const show = (ref: TypeRef | null): string =>
  ref === null
    ? 'none'
    : ref.kind === 'NON_NULL'
      ? `${show(ref.ofType)}!`
      : ref.kind === 'LIST'
        ? `[${show(ref.ofType)}]`
        : String(ref.name);

const names = (list: readonly { name: string }[] | null) => (list ?? []).map((item) => item.name).sort();

let backend: TestBackend;
let ours: Map<string, FullType>;

beforeAll(async () => {
  backend = await startTestBackend();
  const data = expectData(await gql(backend, getIntrospectionQuery()));
  const schema = z.object({ __schema: z.object({ types: z.array(fullType) }) }).parse(data).__schema;
  ours = new Map(
    schema.types
      .filter((type) => !type.name.startsWith('__') && !BUILT_IN_SCALARS.includes(type.name))
      .map((type) => [type.name, type]),
  );
});
afterAll(() => backend.stop());

const magento = (name: string): FullType => {
  const type = magentoTypes.get(name);
  if (!type) throw new Error(`${name} is not in the 2.4.9 extract`);
  return type;
};

describe('the wish-list schema against Magento 2.4.9’s introspection', () => {
  it('exposes every type of Magento’s but the listed ones, and no type Magento lacks', () => {
    const missing = [...magentoTypes.keys()].filter((name) => !ours.has(name)).sort();
    expect(missing).toEqual(LEFT_OUT);
    const beyond = [...ours.keys()]
      .filter((name) => !magentoTypes.has(name) && !NOT_MAGENTOS_TYPES.has(name))
      .sort();
    expect(beyond).toEqual([]);
  });

  it('gives each shared type Magento’s kind, interfaces and possible types', () => {
    for (const [name, type] of ours) {
      const theirs = magentoTypes.get(name);
      if (!theirs) continue;
      expect({ [name]: type.kind }).toEqual({ [name]: theirs.kind });
      for (const iface of names(type.interfaces)) expect(names(theirs.interfaces), name).toContain(iface);
      for (const possible of names(type.possibleTypes))
        expect(names(theirs.possibleTypes), name).toContain(possible);
    }
  });

  it('gives every field Magento’s type, arguments (all of them, with defaults) and deprecation', () => {
    const leftOut: string[] = [];
    for (const [name, theirs] of magentoTypes) {
      const type = ours.get(name);
      if (!type) continue;
      const fields = new Map((type.fields ?? []).map((field) => [field.name, field]));
      for (const field of fields.keys()) {
        if (NOT_MAGENTOS_FIELDS.has(`${name}.${field}`)) continue;
        expect(names(theirs.fields), `${name}.${field} is not Magento's`).toContain(field);
      }
      for (const expected of theirs.fields ?? []) {
        const field = fields.get(expected.name);
        const key = `${name}.${expected.name}`;
        if (!field) {
          leftOut.push(key);
          continue;
        }
        expect({ [key]: show(field.type) }).toEqual({ [key]: show(expected.type) });
        expect({ [key]: [field.isDeprecated, field.deprecationReason] }).toEqual({
          [key]: [expected.isDeprecated, expected.deprecationReason],
        });
        const args = field.args.map((arg) => [arg.name, show(arg.type), arg.defaultValue]);
        expect({ [key]: args }).toEqual({
          [key]: expected.args.map((arg) => [arg.name, show(arg.type), arg.defaultValue]),
        });
      }
    }
    expect(leftOut.sort()).toEqual(FIELDS_LEFT_OUT);
  });

  it('gives every input object all of Magento’s input fields, with their types', () => {
    for (const [name, type] of ours) {
      if (type.kind !== 'INPUT_OBJECT' || NOT_MAGENTOS_TYPES.has(name)) continue;
      const show3 = (list: FullType['inputFields']) =>
        (list ?? []).map((field) => [field.name, show(field.type), field.defaultValue]).sort();
      expect({ [name]: show3(type.inputFields) }).toEqual({ [name]: show3(magento(name).inputFields) });
    }
  });

  it('gives every enum of the extract exactly Magento’s values', () => {
    for (const [name, type] of ours) {
      if (type.kind !== 'ENUM' || !magentoTypes.has(name)) continue;
      expect({ [name]: names(type.enumValues) }).toEqual({ [name]: names(magento(name).enumValues) });
    }
  });

  it('gives each product type the interface’s fields, and a configurable its options and variants', () => {
    const fieldsOf = (type: FullType | undefined) =>
      (type?.fields ?? []).map((field) => [field.name, show(field.type), field.isDeprecated]).sort();
    const productFields = fieldsOf(magento('ProductInterface'));
    expect(productFields.map(([name]) => name)).toContain('image');
    for (const product of ['SimpleProduct', 'VirtualProduct']) {
      expect({ [product]: fieldsOf(ours.get(product)) }).toEqual({ [product]: productFields });
      expect(names(ours.get(product)?.interfaces ?? [])).toEqual(['ProductInterface']);
    }
    expect(fieldsOf(ours.get('ConfigurableProduct'))).toEqual(
      [
        ...productFields,
        ['configurable_options', '[ConfigurableProductOptions]', false],
        ['variants', '[ConfigurableVariant]', false],
      ].sort(),
    );
    expect(names(ours.get('SwatchDataInterface')?.possibleTypes ?? [])).toEqual([
      'ColorSwatchData',
      'ImageSwatchData',
      'TextSwatchData',
    ]);
    expect(names(ours.get('CurrencyEnum')?.enumValues ?? [])).toHaveLength(170);
  });
});
