/**
 * The fields B2B adds to `Customer` (`customer { role team status job_title telephone
 * purchase_orders_enabled }`), and the names and e-mail a company's user list shows of each user.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { actsForCompany, companyOf, companyUser, purchaseOrdersEnabled } from './membership.ts';
import { ADMIN_ROLE, roleObject, teamObject } from './nodes.ts';
import { idOf } from './uid.ts';

const customerRow = z.object({ firstname: z.string(), lastname: z.string(), email: z.string() });
const advancedRow = z.object({
  job_title: z.string().nullable(),
  telephone: z.string().nullable(),
  status: sqlNumber,
});

const customerIdOf = (source: { id: string }): number => idOf(source.id) ?? 0;

/**
 * Whether the asking customer may read the source customer's fields: their own, or a user of their own
 * company's (the company's user list). A customer invited by e-mail, in no company yet, answers nothing.
 */
function readable(context: GraphQlContext, source: Source): boolean {
  const id = customerIdOf(source);
  if (context.customerId === undefined) return false;
  if (id === context.customerId) return true;
  const asker = companyOf(context.db, context.customerId);
  return asker !== undefined && companyOf(context.db, id) === asker;
}

const customerField = (db: Database, source: { id: string }) =>
  db.get(customerRow, 'SELECT firstname, lastname, email FROM customers WHERE id = ?', customerIdOf(source));

const advancedField = (db: Database, source: { id: string }) =>
  db.get(
    advancedRow,
    'SELECT job_title, telephone, status FROM company_advanced_customer_entity WHERE customer_id = ?',
    customerIdOf(source),
  );

type Source = { id: string };
type Resolver = (source: Source, args: unknown, context: GraphQlContext) => unknown;

/** The team right above the user in the tree, if it is a team. */
function teamAbove(db: Database, customerId: number) {
  const row = db.get(
    z.object({ entity_id: sqlNumber }),
    `SELECT p.entity_id FROM company_structure c JOIN company_structure p ON p.structure_id = c.parent_id
      WHERE c.entity_type = 0 AND c.entity_id = ? AND p.entity_type = 1`,
    customerId,
  );
  return row ? teamObject(db, row.entity_id) : null;
}

/** The fields B2B adds to `Customer` (and the names and e-mail a company's user list shows). */
const fields: Record<string, Resolver> = {
  firstname: (source, _args, { db }) => customerField(db, source)?.firstname ?? null,
  lastname: (source, _args, { db }) => customerField(db, source)?.lastname ?? null,
  email: (source, _args, { db }) => customerField(db, source)?.email ?? null,
  job_title: (source, _args, { db }) => advancedField(db, source)?.job_title ?? null,
  telephone: (source, _args, { db }) => advancedField(db, source)?.telephone ?? null,
  status: (source, _args, { db }) => {
    const row = advancedField(db, source);
    return row ? (row.status === 1 ? 'ACTIVE' : 'INACTIVE') : null;
  },
  role: (source, _args, { db }) => {
    const user = companyUser(db, customerIdOf(source));
    if (!user) return null;
    if (user.isAdmin) return ADMIN_ROLE;
    return user.roleId === undefined ? null : roleObject(db, user.roleId);
  },
  team: (source, _args, { db }) => teamAbove(db, customerIdOf(source)),
  purchase_orders_enabled: (source, _args, { db }) => {
    const user = companyUser(db, customerIdOf(source));
    return actsForCompany(user) && purchaseOrdersEnabled(db, user.companyId);
  },
};

/** Each field, answered only to whom it is readable (null otherwise, as for a customer of no company). */
export const customerFields: Record<string, Resolver> = Object.fromEntries(
  Object.entries(fields).map(([name, resolve]) => [
    name,
    (source: Source, args: unknown, context: GraphQlContext) =>
      readable(context, source) ? resolve(source, args, context) : null,
  ]),
);
