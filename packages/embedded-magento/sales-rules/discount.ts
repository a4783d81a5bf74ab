/**
 * Applying cart price rules to a cart's lines (`SalesRule\Model\Validator::process`, `RulesApplier`, the
 * `Rule\Action\Discount\*` calculators): in order, each rule whose conditions hold gives every line its
 * discount (a rule reaches every item: narrower action conditions are refused when a rule is saved),
 * until one stops further rules. Pure: the caller found the rules (`validator.ts`) and keeps the result.
 *
 * - by_percent: the percent of what is left of each line's row (of at most `discount_qty` units), the
 *   pence rounded with the rounding carried from line to line (`deltaRoundingFix`);
 * - by_fixed: the amount off each unit, never more than the line is worth (`minFix`);
 * - cart_fixed: the amount once for the cart, spread over the lines by what is left of each, the last
 *   taking the rounding, never more than the cart is worth;
 * - buy_x_get_y: of every `discount_step` + `discount_amount` units, `discount_amount` free.
 */
import { roundMoney } from '../money.ts';
import { conditionHolds, type AddressFacts } from './conditions.ts';
import { storeLabel, type SalesRule } from './rules.ts';

export interface DiscountLine {
  readonly itemId: number;
  readonly price: number;
  readonly qty: number;
}

/** A line's discount: the amount (positive) and `discount_percent`. */
export interface LineDiscount {
  readonly amount: number;
  readonly percent: number;
}

export interface DiscountResult {
  /** By quote item id. */
  readonly lines: ReadonlyMap<number, LineDiscount>;
  /** Σ the lines' discounts (positive). */
  readonly amount: number;
  /** `discount_description`: the applied rules' labels joined by ", " ('' when none has one). */
  readonly description: string;
  readonly appliedRuleIds: readonly number[];
  /** Whether a rule that needs the cart's coupon applied: otherwise the code does not stay on the cart. */
  readonly couponApplied: boolean;
  /** An applied rule gives free shipping (`simple_free_shipping` 1 or 2) to every item. */
  readonly freeShipping: boolean;
}

interface Running {
  amount: number;
  percent: number;
}

type Action = (rule: SalesRule, lines: readonly DiscountLine[], state: Map<number, Running>) => void;

const row = (line: DiscountLine) => roundMoney(line.price * line.qty);
const left = (line: DiscountLine, state: Map<number, Running>) =>
  row(line) - (state.get(line.itemId)?.amount ?? 0);
const unitsOf = (rule: SalesRule, line: DiscountLine) =>
  rule.discountQty ? Math.min(line.qty, rule.discountQty) : line.qty;

/** Adds `raw` to the line, at most what is left of it (`minFix`). */
function add(state: Map<number, Running>, line: DiscountLine, raw: number, percent = 0): void {
  const running = state.get(line.itemId) ?? { amount: 0, percent: 0 };
  running.amount = roundMoney(Math.min(running.amount + Math.max(0, raw), row(line)));
  running.percent = Math.min(100, running.percent + percent);
  state.set(line.itemId, running);
}

const byPercent: Action = (rule, lines, state) => {
  const percent = Math.min(100, rule.discountAmount);
  let delta = 0;
  for (const line of lines) {
    const already = state.get(line.itemId)?.amount ?? 0;
    const raw = (unitsOf(rule, line) * line.price - already) * (percent / 100) + delta;
    const rounded = roundMoney(raw);
    delta = raw - rounded;
    add(state, line, rounded, percent);
  }
};

const byFixed: Action = (rule, lines, state) => {
  for (const line of lines) add(state, line, roundMoney(unitsOf(rule, line) * rule.discountAmount));
};

const cartFixed: Action = (rule, lines, state) => {
  const worth = lines.map((line) => Math.max(0, left(line, state)));
  const total = worth.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return;
  const available = roundMoney(Math.min(rule.discountAmount, total));
  let given = 0;
  lines.forEach((line, index) => {
    const share =
      index === lines.length - 1
        ? roundMoney(available - given)
        : roundMoney((available * (worth[index] ?? 0)) / total);
    given = roundMoney(given + share);
    add(state, line, share);
  });
};

const buyXGetY: Action = (rule, lines, state) => {
  const x = rule.discountStep;
  const y = rule.discountAmount;
  if (!x || y > x) return;
  for (const line of lines) {
    const qty = unitsOf(rule, line);
    const periods = Math.floor(qty / (x + y));
    const rest = qty - periods * (x + y);
    const free = periods * y + (rest > x ? rest - x : 0);
    add(state, line, roundMoney(free * line.price));
  }
};

const ACTIONS: Readonly<Record<NonNullable<SalesRule['simpleAction']>, Action>> = {
  by_percent: byPercent,
  by_fixed: byFixed,
  cart_fixed: cartFixed,
  buy_x_get_y: buyXGetY,
};

/**
 * The discounts of `rules` on `lines`. `facts` are the cart's totals before any discount; a rule's
 * `base_subtotal_with_discount` condition sees the discounts of the rules before it. `couponCode` is
 * the cart's code (a rule without a label is described by it, `RulesApplier::addDiscountDescription`).
 */
export function applyRules(
  rules: readonly SalesRule[],
  lines: readonly DiscountLine[],
  facts: Omit<AddressFacts, 'base_subtotal_with_discount'>,
  context: { readonly couponCode: string | null; readonly storeId: number },
): DiscountResult {
  const state = new Map<number, Running>();
  const descriptions = new Map<number, string>();
  const appliedRuleIds: number[] = [];
  let couponApplied = false;
  let freeShipping = false;
  const discounted = () => [...state.values()].reduce((sum, line) => sum + line.amount, 0);
  for (const rule of rules) {
    const withDiscount = roundMoney(facts.base_subtotal - discounted());
    if (!conditionHolds(rule.condition, { ...facts, base_subtotal_with_discount: withDiscount })) continue;
    if (rule.simpleAction) ACTIONS[rule.simpleAction](rule, lines, state);
    appliedRuleIds.push(rule.id);
    if (rule.couponType !== 'NO_COUPON') couponApplied = true;
    const code = couponApplied ? (context.couponCode ?? '') : '';
    const label = storeLabel(rule, context.storeId) ?? (code === '' ? '' : rule.description || code);
    if (label !== '') descriptions.set(rule.id, label);
    if (rule.simpleFreeShipping === '1' || rule.simpleFreeShipping === '2') freeShipping = true;
    if (rule.stopRulesProcessing) break;
  }
  const result = new Map<number, LineDiscount>();
  for (const line of lines) {
    const running = state.get(line.itemId);
    result.set(line.itemId, { amount: running?.amount ?? 0, percent: running?.percent ?? 0 });
  }
  return {
    lines: result,
    amount: roundMoney(discounted()),
    description: [...descriptions.values()].join(', '),
    appliedRuleIds,
    couponApplied,
    freeShipping,
  };
}
