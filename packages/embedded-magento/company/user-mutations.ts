/**
 * `createCompanyUser`, `updateCompanyUser` and `deleteCompanyUser`/`deleteCompanyUserV2`, for a user whose
 * role allows "Edit Company Users", as Adobe documents them: a new e-mail becomes a new customer in the
 * company at once; the e-mail of a customer in no company gets an invitation (`invitations.ts`), accepted by
 * them; the e-mail of a customer in any company is refused. Names pass Magento's customer name rule. A user
 * who is not the administrator hands out no more than their own role allows and changes nobody who may do
 * more, the administrator least of all (`grants.ts`). Deleting a user takes them out of the company (V1: sets
 * them inactive) and revokes their tokens, so their session ends at once.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { companyErrors } from './errors.ts';
import { checkRoleGrant, checkUserChange } from './grants.ts';
import { memberWith } from './guard.ts';
import { recordInvitation, sendInvitation } from './invitations.ts';
import { checkNames } from './names.ts';
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

/** The new user's customer: a new one, or one in no company (to invite); one in a company is refused. */
function customerFor(db: Database, input: z.infer<typeof createArgs>['input']) {
  const email = input.email.trim();
  const existing = db.get(idRow, 'SELECT id FROM customers WHERE email = ? AND website_id = 1', email)?.id;
  if (existing === undefined)
    return { id: newCustomer(db, email, input.firstname.trim(), input.lastname.trim()), invite: false };
  if (companyUser(db, existing)) throw companyErrors.alreadyInCompany();
  return { id: existing, invite: true };
}

function checkedCreate(context: GraphQlContext, args: unknown) {
  const user = memberWith(context, USERS_EDIT);
  const { input } = createArgs.parse(args);
  if (!EMAIL.test(input.email.trim())) throw companyErrors.invalidEmail(input.email.trim());
  for (const [field, value] of Object.entries({ firstname: input.firstname, lastname: input.lastname }))
    if (value.trim() === '') throw companyErrors.required(field);
  checkNames({ firstname: input.firstname.trim(), lastname: input.lastname.trim() });
  const roleId = roleIdIn(context.db, user.companyId, input.role_id);
  checkRoleGrant(context.db, user, roleId);
  return { user, input, roleId, parentId: targetIn(context.db, user.companyId, input.target_id) };
}

export async function createCompanyUser(args: unknown, context: GraphQlContext) {
  const { user, input, roleId, parentId } = checkedCreate(context, args);
  const { db } = context;
  const fields = { jobTitle: input.job_title, telephone: input.telephone, active: input.status === 'ACTIVE' };
  const made = db.transaction(() => {
    const customer = customerFor(db, input);
    if (!customer.invite) {
      addUser(db, user.companyId, customer.id, { ...fields, roleId, parentId });
      return { customerId: customer.id };
    }
    const choice = { ...fields, companyId: user.companyId, customerId: customer.id, roleId, parentId };
    return { customerId: customer.id, invited: { choice, code: recordInvitation(db, choice) } };
  });
  if (made.invited) await sendInvitation(context, made.invited.choice, made.invited.code);
  return { user: customerObject(context, made.customerId) };
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
    if (!EMAIL.test(input.email.trim())) throw companyErrors.invalidEmail(input.email.trim());
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
  checkUserChange(db, user, id);
  checkNames(input);
  const target = companyUser(db, id);
  const roleId = input.role_id ? roleIdIn(db, user.companyId, input.role_id) : undefined;
  if (roleId !== undefined) checkRoleGrant(db, user, roleId);
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
  checkUserChange(context.db, user, id);
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
