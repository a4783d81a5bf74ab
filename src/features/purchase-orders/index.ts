/** The door of features/purchase-orders: what the rest of the shop may use of it (eslint/doors.js). */
export { ACTIONS, LIST_KINDS, placedPurchaseOrder } from './answer.ts';
export type {
  Action,
  ChangedAnswer,
  ListAnswer,
  ListKind,
  PlacedPurchaseOrder,
  PurchaseOrderAnswer,
  PurchaseOrderRow,
} from './answer.ts';
export {
  APPROVAL_RULES_PAGE,
  PURCHASE_ORDER_PAGE,
  PURCHASE_ORDERS_API,
  PURCHASE_ORDERS_PAGE,
  purchaseOrderPage,
  uidOfPage,
} from './paths.ts';
export {
  deleteApprovalRule,
  purchaseOrderAccess,
  purchaseOrdersOn,
  readApprovalRules,
  readOnePurchaseOrder,
  readPurchaseOrderList,
  saveApprovalRule,
  takeStep,
} from './purchase-orders.ts';
export type { PurchaseOrderAccess, PurchaseOrderStep } from './purchase-orders.ts';
export {
  conditionText,
  countsProducts,
  EMPTY_RULE_FORM,
  formOfRule,
  MAX_RULE_NAME,
  RULE_ATTRIBUTES,
  RULE_OPERATORS,
  ruleBody,
  ruleFromForm,
  ruleProblems,
} from './rules.ts';
export type {
  ApprovalRule,
  CompanyRole,
  RuleAttribute,
  RuleBody,
  RuleField,
  RuleForm,
  RuleOperator,
  RulesAnswer,
} from './rules.ts';
export { approvalRuleTexts, purchaseOrderTexts } from './texts.ts';
