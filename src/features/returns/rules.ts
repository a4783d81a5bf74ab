/**
 * The shop's returns rules as pure functions, run in the browser (a convenience: errors beside their
 * fields before anything is sent) and again on the storefront server before Magento is asked (the check
 * that counts; Magento's returns module checks its own again). Days count from the order's date: the UK
 * right to cancel starts when the order is placed, so a paid order not yet dispatched is returned (or
 * cancelled) the same way.
 */
import { addDays, wallClock, type IsoDay } from '../../calendar/working-days.ts';
import type { ReturnSettings } from './settings.ts';
import type { ReturnChoice, ReturnFacts, ReturnLineFacts, ReturnProblem, ReturnRequest } from './returns.ts';
import { returnTexts as t } from './texts.ts';

/** The rules of a product in these categories: the shortest window and only the conditions all allow. */
export interface LineRule {
  readonly windowDays: number;
  readonly conditions: readonly string[] | null;
  /** The named category that set the rule (the first of them), null for the default. */
  readonly category: string | null;
}

export function lineRule(settings: ReturnSettings, categories: readonly string[]): LineRule {
  const names = new Set(categories.map((name) => name.trim().toLowerCase()));
  const rules = settings.categories.filter((rule) => names.has(rule.name.toLowerCase()));
  const first = rules[0];
  if (!first) return { windowDays: settings.windowDays, conditions: null, category: null };
  const limited = rules.flatMap((rule) => (rule.conditions ? [rule.conditions] : []));
  const conditions =
    limited.length === 0
      ? null
      : limited.reduce((allowed, more) => allowed.filter((code) => more.includes(code)));
  return { windowDays: Math.min(...rules.map((rule) => rule.windowDays)), conditions, category: first.name };
}

/**
 * The last UK day of a window of `days` from the order's UK day (`YYYY-MM-DD`): the window ends when that
 * day does in the UK, whatever the hour the order was placed; '' when the date is unreadable.
 */
export function windowEnds(placedAt: string, days: number): IsoDay {
  const placed = new Date(placedAt);
  return Number.isNaN(placed.getTime()) ? '' : addDays(wallClock(placed).day, days);
}

/** An order line as the rules read it. */
export interface OrderLineForReturn {
  readonly orderItemId: number;
  readonly sku: string;
  readonly name: string;
  readonly ordered: number;
  /** The names of the catalogue's categories its product is in. */
  readonly categories: readonly string[];
}

export interface OrderForReturn {
  readonly placedAt: string;
  /** Magento's status code, e.g. `complete`. */
  readonly status: string;
  /** How shoppers read the status, e.g. "Cancelled". */
  readonly statusLabel: string;
}

/** Why none of a line can be returned now, or null. */
function whyNot(
  settings: ReturnSettings,
  order: OrderForReturn,
  rule: LineRule,
  ends: string,
  left: number,
  now: Date,
): string | null {
  if (!settings.orderStatuses.includes(order.status)) return t.why.orderStatus(order.statusLabel);
  // No window, or no date to count it from: nothing is returned on the shop's word.
  if (rule.windowDays === 0 || ends === '') return t.why.noReturns;
  if (wallClock(now).day > ends) return t.why.windowEnded(rule.windowDays, ends);
  if (left <= 0) return t.why.allInReturns;
  return null;
}

/** A line of the order as the return form shows it: how many may be returned, in what, or why not. */
export function lineFacts(
  settings: ReturnSettings,
  order: OrderForReturn,
  line: OrderLineForReturn,
  inReturns: number,
  now: Date,
): ReturnLineFacts {
  const rule = lineRule(settings, line.categories);
  const ends = windowEnds(order.placedAt, rule.windowDays);
  const left = Math.max(0, line.ordered - inReturns);
  const why = whyNot(settings, order, rule, ends, left, now);
  return {
    orderItemId: line.orderItemId,
    sku: line.sku,
    name: line.name,
    ordered: line.ordered,
    inReturns,
    returnable: why === null ? left : 0,
    category: rule.category,
    conditions: rule.conditions ? [...rule.conditions] : null,
    windowEnds: ends,
    why,
  };
}

const known = (list: readonly ReturnChoice[], id: number | null): ReturnChoice | undefined =>
  id === null ? undefined : list.find((choice) => choice.id === id);

/** What is wrong with one asked-for line, beside its quantity or its condition. */
function lineProblems(
  facts: ReturnFacts,
  line: ReturnRequest['lines'][number],
  fact: ReturnLineFacts,
): ReturnProblem[] {
  const qty = `qty-${fact.orderItemId}`;
  if (!Number.isInteger(line.qty) || line.qty < 1)
    return [{ field: qty, message: t.problem.wholeNumber(fact.name) }];
  if (fact.why !== null) return [{ field: qty, message: t.problem.notReturnable(fact.name, fact.why) }];
  if (line.qty > fact.returnable)
    return [{ field: qty, message: t.problem.tooMany(fact.name, fact.returnable, fact.inReturns) }];
  const condition = `condition-${fact.orderItemId}`;
  const chosen = known(facts.conditions, line.condition);
  if (!chosen) return [{ field: condition, message: t.problem.condition(fact.name) }];
  if (fact.conditions && !fact.conditions.includes(chosen.code)) {
    const allowed = fact.conditions.map(
      (code) => facts.conditions.find((choice) => choice.code === code)?.label ?? code,
    );
    const message = t.problem.conditionNotAllowed(fact.name, fact.category ?? fact.name, allowed);
    return [{ field: condition, message }];
  }
  return [];
}

/**
 * Every problem of a return request against the order's facts, in the form's order (reason, wish, then
 * each line); none means it may be sent. A line named twice counts as its quantities together.
 */
export function checkReturn(request: ReturnRequest, facts: ReturnFacts): ReturnProblem[] {
  const problems: ReturnProblem[] = [];
  if (request.lines.length === 0) problems.push({ field: 'lines', message: t.problem.noLines });
  if (!known(facts.reasons, request.reason)) problems.push({ field: 'reason', message: t.problem.reason });
  if (!known(facts.resolutions, request.resolution))
    problems.push({ field: 'resolution', message: t.problem.resolution });
  const merged = mergeLines(request.lines);
  for (const line of merged) {
    const fact = facts.lines.find((candidate) => candidate.orderItemId === line.orderItemId);
    if (!fact) problems.push({ field: 'lines', message: t.problem.notInOrder });
    else problems.push(...lineProblems(facts, line, fact));
  }
  return problems;
}

/** The request's lines with one entry per order item (quantities added, the first condition kept). */
export function mergeLines(lines: ReturnRequest['lines']): ReturnRequest['lines'] {
  const byItem = new Map<number, ReturnRequest['lines'][number]>();
  for (const line of lines) {
    const seen = byItem.get(line.orderItemId);
    byItem.set(line.orderItemId, seen ? { ...seen, qty: seen.qty + line.qty } : line);
  }
  return [...byItem.values()];
}
