/**
 * Who may do what with negotiable quotes (Magento_NegotiableQuote's company permissions): a signed-in
 * customer acting for an approved company, allowed to view quotes, to request and edit them
 * (`Magento_NegotiableQuote::manage`) or to check out with them (`::checkout`). A buyer sees their own
 * quotes and, with `::view_quotes_sub`, their subordinates'; anything else is not found, as Adobe answers
 * a uid of another company.
 */
import {
  actsForCompany,
  allows,
  companyUser,
  quotesEnabled,
  subordinatesOf,
  type CompanyUser,
} from '../company/index.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { quoteErrors } from './errors.ts';
import { quoteByUid, type NegotiableRow } from './quotes.ts';

export const RESOURCE = {
  view: 'Magento_NegotiableQuote::view_quotes',
  manage: 'Magento_NegotiableQuote::manage',
  checkout: 'Magento_NegotiableQuote::checkout',
  viewSubordinates: 'Magento_NegotiableQuote::view_quotes_sub',
} as const;

const REFUSAL = {
  view: quoteErrors.cannotView,
  manage: quoteErrors.cannotEdit,
  checkout: quoteErrors.cannotCheckout,
} as const;

/** The buyer behind the request, allowed `need`; refused in Adobe's words otherwise. */
export function buyer(context: GraphQlContext, need: 'view' | 'manage' | 'checkout'): CompanyUser {
  if (context.customerId === undefined) throw quoteErrors.guest();
  const user = companyUser(context.db, context.customerId);
  if (!actsForCompany(user)) throw quoteErrors.noCompany();
  if (!quotesEnabled(context.db, user.companyId)) throw quoteErrors.companyQuotesOff();
  if (!allows(user, RESOURCE.view) || !allows(user, RESOURCE[need])) throw REFUSAL[need]();
  return user;
}

/** The customers whose quotes the user sees: themselves, and their subordinates if allowed. */
export const visibleCustomers = (context: GraphQlContext, user: CompanyUser): number[] => [
  user.customerId,
  ...(allows(user, RESOURCE.viewSubordinates) ? subordinatesOf(context.db, user.customerId) : []),
];

/** The quote the uid names, if the user may see it (own, or a subordinate's when allowed). */
export function visibleQuote(
  context: GraphQlContext,
  user: CompanyUser,
  uid: string,
): NegotiableRow | undefined {
  const row = quoteByUid(context.db, context.store, uid);
  if (!row || row.is_deleted === 1 || row.company_id !== user.companyId) return undefined;
  return visibleCustomers(context, user).includes(row.customer_id) ? row : undefined;
}

/** The quote for a change: the user's own (seen quotes of others are read-only), else not found. */
export function ownQuote(context: GraphQlContext, user: CompanyUser, uid: string | undefined): NegotiableRow {
  if (!uid) throw quoteErrors.missing('quote_uid');
  const row = visibleQuote(context, user, uid);
  if (!row || row.customer_id !== user.customerId) throw quoteErrors.notFound([uid]);
  return row;
}
