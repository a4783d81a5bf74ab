/**
 * The business rules PayPal checks on a schema-valid create-order request, each refusal a 422
 * UNPROCESSABLE_ENTITY issue with Orders v2's own description: amounts with two decimals, above zero,
 * one currency the merchant takes (GBP here), the breakdown adding up (AMOUNT_MISMATCH), items adding up
 * to item_total and their tax to tax_total. And what this sandbox does not do: a second purchase unit,
 * and intent AUTHORIZE (answered as PayPal answers a merchant without Authorization and Capture).
 */
import type { IssueDetail } from './errors.ts';
import {
  BREAKDOWN_ADDS,
  BREAKDOWN_SUBTRACTS,
  pointer,
  type Money,
  type OrderRequest,
  type PurchaseUnit,
} from './order-request.ts';

/** Pence from a schema-valid value string; undefined past two decimals. */
export function toPence(value: string): number | undefined {
  const match = /^(-?)(\d*)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  const decimals = match[3] ?? '';
  if (decimals.length > 2) return undefined;
  const pence = Number(match[2] || '0') * 100 + Number(decimals.padEnd(2, '0'));
  return match[1] === '-' ? -pence : pence;
}

export const toValue = (pence: number): string => (pence / 100).toFixed(2);

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** Orders v2's ceiling, 999999999999999.99: more than 15 digits before the point. */
const TOO_LARGE = /^-?\d{16,}/;

const VALUE_ISSUES = {
  MAX_VALUE_EXCEEDED: 'Should be less than or equal to 999999999999999.99.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE:
    'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
} as const;

/** What is wrong with a money value, in the order PayPal reports it. */
function valueIssue(
  value: string,
  pence: number | undefined,
  positive: boolean,
): keyof typeof VALUE_ISSUES | undefined {
  if (TOO_LARGE.test(value)) return 'MAX_VALUE_EXCEEDED';
  if (pence === undefined) return 'DECIMAL_PRECISION';
  if (positive && pence <= 0) return 'CANNOT_BE_ZERO_OR_NEGATIVE';
  return pence < 0 ? 'CANNOT_BE_NEGATIVE' : undefined;
}

interface Check {
  readonly body: unknown;
  readonly currencies: readonly string[];
  readonly details: IssueDetail[];
}

function detail(
  check: Check,
  path: readonly PropertyKey[],
  value: string,
  issue: string,
  description: string,
) {
  const field = pointer(path, check.body);
  check.details.push({ field, ...(value ? { value } : {}), location: 'body', issue, description });
}

/** One money field: its currency and its value; the pence, or undefined when refused. */
function money(
  check: Check,
  path: readonly PropertyKey[],
  amount: Money,
  positive: boolean,
): number | undefined {
  const code = amount.currency_code;
  const codePath = [...path, 'currency_code'];
  if (!KNOWN_CURRENCIES.has(code)) {
    detail(
      check,
      codePath,
      code,
      'INVALID_CURRENCY_CODE',
      'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
    );
  } else if (!check.currencies.includes(code)) {
    detail(
      check,
      codePath,
      code,
      'CURRENCY_NOT_SUPPORTED',
      `Currency code is not currently supported. This merchant account takes ${check.currencies.join(', ')}.`,
    );
  }
  const pence = toPence(amount.value);
  const issue = valueIssue(amount.value, pence, positive);
  if (issue) detail(check, [...path, 'value'], amount.value, issue, VALUE_ISSUES[issue]);
  return issue ? undefined : pence;
}

function sumItems(check: Check, unitPath: readonly PropertyKey[], unit: PurchaseUnit) {
  let items = 0;
  let tax = 0;
  let taxed = false;
  let valid = true;
  (unit.items ?? []).forEach((item, index) => {
    const quantity = Number(item.quantity);
    const price = money(check, [...unitPath, 'items', index, 'unit_amount'], item.unit_amount, false);
    const itemTax = item.tax && money(check, [...unitPath, 'items', index, 'tax'], item.tax, false);
    if (item.tax) taxed = true;
    if (price === undefined || (item.tax && itemTax === undefined)) valid = false;
    items += (price ?? 0) * quantity;
    tax += (itemTax ?? 0) * quantity;
  });
  return { items, tax, taxed, valid };
}

/** Breakdown against items and against the amount. */
function checkUnit(check: Check, unitPath: readonly PropertyKey[], unit: PurchaseUnit): void {
  const amountPath = [...unitPath, 'amount'];
  const total = money(check, amountPath, unit.amount, true);
  const breakdown = unit.amount.breakdown;
  const parts: Partial<Record<string, number | undefined>> = {};
  for (const name of [...BREAKDOWN_ADDS, ...BREAKDOWN_SUBTRACTS]) {
    const part = breakdown?.[name];
    if (part) parts[name] = money(check, [...amountPath, 'breakdown', name], part, false);
  }
  const sums = sumItems(check, unitPath, unit);
  const hasItems = (unit.items ?? []).length > 0;
  if (hasItems && !breakdown?.item_total)
    detail(
      check,
      [...amountPath, 'breakdown', 'item_total'],
      '',
      'ITEM_TOTAL_REQUIRED',
      'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
    );
  else if (hasItems && sums.valid && parts['item_total'] !== undefined && parts['item_total'] !== sums.items)
    detail(
      check,
      [...amountPath, 'breakdown', 'item_total', 'value'],
      breakdown?.item_total?.value ?? '',
      'ITEM_TOTAL_MISMATCH',
      'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
    );
  if (sums.taxed && !breakdown?.tax_total)
    detail(
      check,
      [...amountPath, 'breakdown', 'tax_total'],
      '',
      'TAX_TOTAL_REQUIRED',
      'If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.',
    );
  else if (sums.taxed && sums.valid && parts['tax_total'] !== undefined && parts['tax_total'] !== sums.tax)
    detail(
      check,
      [...amountPath, 'breakdown', 'tax_total', 'value'],
      breakdown?.tax_total?.value ?? '',
      'TAX_TOTAL_MISMATCH',
      'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
    );
  if (!breakdown || total === undefined || Object.values(parts).includes(undefined)) return;
  const add = BREAKDOWN_ADDS.reduce((sum, name) => sum + (parts[name] ?? 0), 0);
  const expected = BREAKDOWN_SUBTRACTS.reduce((sum, name) => sum - (parts[name] ?? 0), add);
  if (expected !== total)
    detail(
      check,
      [...amountPath, 'value'],
      unit.amount.value,
      'AMOUNT_MISMATCH',
      'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
    );
}

/** Every money field of the order has the same currency; else MULTI_CURRENCY_ORDER on the first other. */
function checkOneCurrency(check: Check, unit: PurchaseUnit): void {
  const codes = [
    unit.amount.currency_code,
    ...Object.values(unit.amount.breakdown ?? {}).map((part) => part?.currency_code),
    ...(unit.items ?? []).flatMap((item) => [item.unit_amount.currency_code, item.tax?.currency_code]),
  ].filter((code): code is string => code !== undefined);
  if (codes.some((code) => code !== codes[0]))
    detail(
      check,
      ['purchase_units', 0, 'amount', 'currency_code'],
      unit.amount.currency_code,
      'MULTI_CURRENCY_ORDER',
      'Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.',
    );
}

export interface Refusal {
  readonly status: 400 | 422;
  readonly details: IssueDetail[];
}

/** The refusals of a schema-valid request, or undefined when PayPal (and this sandbox) would accept it. */
export function refuseOrder(
  body: unknown,
  order: OrderRequest,
  currencies: readonly string[],
): Refusal | undefined {
  const check: Check = { body, currencies, details: [] };
  if (order.purchase_units.length > 1) {
    detail(
      check,
      ['purchase_units'],
      String(order.purchase_units.length),
      'INVALID_ARRAY_MAX_ITEMS',
      'The number of items in an array parameter is too large. The embedded sandbox takes one purchase unit.',
    );
    return { status: 400, details: check.details };
  }
  if (order.intent === 'AUTHORIZE') {
    detail(
      check,
      ['intent'],
      'AUTHORIZE',
      'AUTH_CAPTURE_NOT_ENABLED',
      'Authorization and Capture feature is not enabled for the merchant. Make sure that the recipient of the funds is a verified business account.',
    );
    return { status: 422, details: check.details };
  }
  const unit = order.purchase_units[0];
  if (!unit) return undefined;
  checkOneCurrency(check, unit);
  if (check.details.length === 0) checkUnit(check, ['purchase_units', 0], unit);
  return check.details.length ? { status: 422, details: check.details } : undefined;
}
