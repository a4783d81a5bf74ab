/**
 * Who may make a company call (Magento_CompanyGraphQl's resolvers check the same): a signed-in customer who
 * is an active user of an approved company, and for most calls one whose role allows the call's resource.
 * A guest is refused as Adobe refuses one; everyone else who may not is "not authorized".
 */
import type { GraphQlContext } from '../graphql/context.ts';
import { companyErrors } from './errors.ts';
import { actsForCompany, allows, companyUser, type CompanyUser } from './membership.ts';

export function signedIn(context: GraphQlContext): number {
  if (context.customerId === undefined) throw companyErrors.guest();
  return context.customerId;
}

/** The active user of an approved company the request is from. */
export function member(context: GraphQlContext): CompanyUser {
  const user = companyUser(context.db, signedIn(context));
  if (!actsForCompany(user)) throw companyErrors.notAllowed();
  return user;
}

/** The member, if their role allows `resource`. */
export function memberWith(context: GraphQlContext, resource: string): CompanyUser {
  const user = member(context);
  if (!allows(user, resource)) throw companyErrors.notAllowed();
  return user;
}
