/**
 * `createCompanyUser`, `updateCompanyUser` and `deleteCompanyUser`/`deleteCompanyUserV2`, for a user whose
 * role allows "Edit Company Users". A new e-mail becomes a new customer in the company at once (Adobe's
 * documented first case); an e-mail of a customer in any company is refused. Deleting a user takes them out of
 * the company (V1: sets them inactive) and revokes their tokens, so their session ends at once.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { companyErrors } from './errors.ts';
import { memberWith } from './guard.ts';
import { companyUser, type CompanyUser } from './membership.ts';
import { customerObject, roleIdIn, userIdIn } from './nodes.ts';
import { addUser, assignRole, removeUser, rootOf, setUserActive, structureNode } from './records.ts';
import { idOf } from './uid.ts';

const USERS_EDIT = 'Magento_Company::users_edit';
const status = z.enum(['ACTIVE', 'INACTIVE']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const createArgs = z.object({
  input: z.object({
    job_title: z.string(),
    role_id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    telephone: z.string(),
    status,
    target_id: z.string().nullish(),
  }),
});

const idRow = z.object({ id: sqlNumber });

/** The node a new user or team goes under: the one named (of the company), else the root. */
export function targetIn(db: Database, companyId: number, targetUid: string | null | undefined): number {
  if (!targetUid) return rootOf(db, companyId);
  const id = idOf(targetUid);
  const node = id === undefined ? undefined : structureNode(db, id);
  if (!node || node.company_id !== companyId) throw companyErrors.noSuchEntity('target_id', targetUid);
  return node.structure_id;
}

function newCustomer(db: Database, email: string, firstname: string, lastname: string): number {
  const now = magentoDate();
  return db.run(
    `INSERT INTO customers (email, website_id, store_id, group_id, firstname, lastname, created_at, updated_at)
     VALUES (?, 1, 1, 1, ?, ?, ?, ?)`,
    email,
    firstname,
    lastname,
    now,
    now,
  ).lastInsertRowid;
}

export function createCompanyUser(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, USERS_EDIT);
  const { input } = createArgs.parse(args);
  const { db } = context;
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw companyErrors.invalidEmail(email);
  for (const [field, value] of Object.entries({ firstname: input.firstname, lastname: input.lastname }))
    if (value.trim() === '') throw companyErrors.required(field);
  const roleId = roleIdIn(db, user.companyId, input.role_id);
  const parentId = targetIn(db, user.companyId, input.target_id);
  const customerId = db.transaction(() => {
    const existing = db.get(idRow, 'SELECT id FROM customers WHERE email = ? AND website_id = 1', email)?.id;
    if (existing !== undefined && companyUser(db, existing)) throw companyErrors.alreadyInCompany();
    const id = existing ?? newCustomer(db, email, input.firstname.trim(), input.lastname.trim());
    addUser(db, user.companyId, id, {
      jobTitle: input.job_title,
      telephone: input.telephone,
      active: input.status === 'ACTIVE',
      roleId,
      parentId,
    });
    return id;
  });
  return { user: customerObject(context, customerId) };
}

const updateArgs = z.object({
  input: z.object({
    id: z.string(),
    role_id: z.string().nullish(),
    status: status.nullish(),
    job_title: z.string().nullish(),
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
    email: z.string().nullish(),
    telephone: z.string().nullish(),
  }),
});

function customerName(db: Database, customerId: number): string {
  const row = db.get(
    z.object({ name: z.string() }),
    "SELECT firstname || ' ' || lastname AS name FROM customers WHERE id = ?",
    customerId,
  );
  return row?.name ?? '';
}

function saveCustomerFields(db: Database, id: number, input: z.infer<typeof updateArgs>['input']): void {
  if (input.email != null) {
    const taken = db.get(
      idRow,
      'SELECT id FROM customers WHERE email = ? AND id <> ?',
      input.email.trim(),
      id,
    );
    if (taken) throw companyErrors.customerEmailTaken();
    db.run('UPDATE customers SET email = ? WHERE id = ?', input.email.trim(), id);
  }
  if (input.firstname != null)
    db.run('UPDATE customers SET firstname = ? WHERE id = ?', input.firstname.trim(), id);
  if (input.lastname != null)
    db.run('UPDATE customers SET lastname = ? WHERE id = ?', input.lastname.trim(), id);
  if (input.job_title != null)
    db.run(
      'UPDATE company_advanced_customer_entity SET job_title = ? WHERE customer_id = ?',
      input.job_title,
      id,
    );
  if (input.telephone != null)
    db.run(
      'UPDATE company_advanced_customer_entity SET telephone = ? WHERE customer_id = ?',
      input.telephone,
      id,
    );
}

function updateUser(
  context: GraphQlContext,
  user: CompanyUser,
  input: z.infer<typeof updateArgs>['input'],
): number {
  const { db } = context;
  const id = userIdIn(context, user, input.id);
  const target = companyUser(db, id);
  const roleId = input.role_id ? roleIdIn(db, user.companyId, input.role_id) : undefined;
  if (input.status === 'INACTIVE' && target?.isAdmin) throw companyErrors.adminInactive(customerName(db, id));
  db.transaction(() => {
    saveCustomerFields(db, id, input);
    if (roleId !== undefined && !target?.isAdmin) assignRole(db, id, roleId);
    if (input.status) setUserActive(db, id, input.status === 'ACTIVE');
  });
  return id;
}

export function updateCompanyUser(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, USERS_EDIT);
  const { input } = updateArgs.parse(args);
  return { user: customerObject(context, updateUser(context, user, input)) };
}

const idArgs = z.object({ id: z.string() });

/** The user to delete: of the company (else "not authorized", as Adobe documents), not oneself, not the admin. */
function deletable(context: GraphQlContext, uid: string): number {
  const user = memberWith(context, USERS_EDIT);
  const id = idOf(uid);
  const target = id === undefined ? undefined : companyUser(context.db, id);
  if (id === undefined || target?.companyId !== user.companyId) throw companyErrors.notAllowed();
  if (id === user.customerId) throw companyErrors.deleteSelf();
  if (target.isAdmin) throw companyErrors.adminInactive(customerName(context.db, id));
  return id;
}

/** `deleteCompanyUserV2`: the user leaves the company (their customer account stays), signed out at once. */
export function deleteCompanyUserV2(args: unknown, context: GraphQlContext) {
  const id = deletable(context, idArgs.parse(args).id);
  context.db.transaction(() => removeUser(context.db, id));
  return { success: true };
}

/** `deleteCompanyUser` (deprecated): the user is set inactive, signed out at once. */
export function deleteCompanyUser(args: unknown, context: GraphQlContext) {
  const id = deletable(context, idArgs.parse(args).id);
  setUserActive(context.db, id, false);
  return { success: true };
}
