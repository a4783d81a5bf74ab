/**
 * The approval rules as `Customer` reads them: the company's list a page at a time, one rule by uid (another
 * company's is not found) and the metadata of the rule form (the company's roles, the two approvers that are
 * no role, and the store's currency). Reading needs "View Approval Rules".
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';
import { RESOURCE, userAllowed } from './access.ts';
import { poErrors } from './errors.ts';
import { ADMIN_ROLE, companyRoles, companyRule, MANAGER_ROLE, roleNode, ruleNode, ruleRow } from './rules.ts';

const pageArgs = z.object({ currentPage: z.number().int(), pageSize: z.number().int() });

/** `Customer.purchase_order_approval_rules`. */
export function listRules(args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.viewRules);
  const { currentPage, pageSize } = pageArgs.parse(args);
  const { db } = context;
  const all = db.all(
    ruleRow,
    'SELECT * FROM purchase_order_rule WHERE company_id = ? ORDER BY rule_id',
    user.companyId,
  );
  const totalPages = Math.ceil(all.length / Math.max(pageSize, 1));
  return {
    items: all.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((rule) => ruleNode(db, rule)),
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: totalPages },
    total_count: all.length,
  };
}

/** `Customer.purchase_order_approval_rule(uid)`: null for a rule not the company's. */
export function oneRule(args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.viewRules);
  const { uid } = z.object({ uid: z.string() }).parse(args);
  const rule = companyRule(context.db, user, uid);
  if (!rule) throw poErrors.ruleNotFound(uid);
  return ruleNode(context.db, rule);
}

const SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', EUR: '€', USD: '$' };

/** `Customer.purchase_order_approval_rule_metadata`: the roles and the store's currency. */
export function ruleMetadata(_args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.viewRules);
  const roles = companyRoles(context.db, user.companyId).map(roleNode);
  const currency = context.store.currency;
  return {
    available_applies_to: roles,
    available_condition_currencies: [{ code: currency, symbol: SYMBOLS[currency] ?? currency }],
    available_requires_approval_from: [ADMIN_ROLE, MANAGER_ROLE, ...roles],
  };
}
