/**
 * `createCompanyTeam`, `updateCompanyTeam`, `deleteCompanyTeam` and `updateCompanyStructure`, for a user
 * whose role allows "Edit Company Users" (teams are part of the users' tree). A team with anything under it
 * is kept (Adobe's refusal); a node moves only within its company, never under itself, and a user who is not
 * the administrator moves no user who may do more than they (`grants.ts`).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { companyErrors } from './errors.ts';
import { checkUserChange } from './grants.ts';
import { memberWith } from './guard.ts';
import { companyObject, teamIdIn, teamObject } from './nodes.ts';
import { createTeam, deleteEmptyTeam, ENTITY, moveInTree, structureNode } from './records.ts';
import { idOf } from './uid.ts';
import { targetIn } from './user-mutations.ts';

const USERS_EDIT = 'Magento_Company::users_edit';

const createArgs = z.object({
  input: z.object({ name: z.string(), description: z.string().nullish(), target_id: z.string().nullish() }),
});

export function createCompanyTeam(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, USERS_EDIT);
  const { input } = createArgs.parse(args);
  const name = input.name.trim();
  if (name === '') throw companyErrors.required('name');
  const parent = targetIn(context.db, user.companyId, input.target_id);
  const id = context.db.transaction(() =>
    createTeam(context.db, user.companyId, name, input.description ?? null, parent),
  );
  return { team: teamObject(context.db, id) };
}

const updateArgs = z.object({
  input: z.object({ id: z.string(), name: z.string().nullish(), description: z.string().nullish() }),
});

export function updateCompanyTeam(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, USERS_EDIT);
  const { input } = updateArgs.parse(args);
  const id = teamIdIn(context.db, user.companyId, input.id);
  if (input.name != null) {
    if (input.name.trim() === '') throw companyErrors.required('name');
    context.db.run('UPDATE company_team SET name = ? WHERE entity_id = ?', input.name.trim(), id);
  }
  if (input.description !== undefined)
    context.db.run('UPDATE company_team SET description = ? WHERE entity_id = ?', input.description, id);
  return { team: teamObject(context.db, id) };
}

export function deleteCompanyTeam(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, USERS_EDIT);
  const { db } = context;
  const id = teamIdIn(db, user.companyId, z.object({ id: z.string() }).parse(args).id);
  if (!deleteEmptyTeam(db, id)) throw companyErrors.teamNotEmpty();
  return { success: true };
}

const structureArgs = z.object({ input: z.object({ tree_id: z.string(), parent_tree_id: z.string() }) });

/** The customers a node of the tree carries with it when moved: itself, if a customer, and all below it. */
const customersUnder = (db: Database, node: { structure_id: number; path: string }): number[] =>
  db
    .all(
      z.object({ entity_id: sqlNumber }),
      `SELECT entity_id FROM company_structure
        WHERE entity_type = ? AND (structure_id = ? OR path LIKE ?)`,
      ENTITY.customer,
      node.structure_id,
      `${node.path}/%`,
    )
    .map((row) => row.entity_id);

export function updateCompanyStructure(args: unknown, context: GraphQlContext) {
  const user = memberWith(context, USERS_EDIT);
  const { input } = structureArgs.parse(args);
  const { db } = context;
  const nodeOf = (uid: string) => {
    const id = idOf(uid);
    const node = id === undefined ? undefined : structureNode(db, id);
    if (!node || node.company_id !== user.companyId) throw companyErrors.noSuchEntity('id', uid);
    return node;
  };
  const node = nodeOf(input.tree_id);
  const parent = nodeOf(input.parent_tree_id);
  if (node.path.split('/').length === 1) throw companyErrors.adminMove();
  // Whoever ends up under a new parent gets a new manager: none may do more than the user moving them.
  for (const moved of customersUnder(db, node)) checkUserChange(db, user, moved);
  if (parent.path === node.path) throw companyErrors.moveUnderItself();
  if (parent.path.startsWith(`${node.path}/`)) throw companyErrors.moveUnderChild();
  db.transaction(() => moveInTree(db, node.structure_id, parent.structure_id));
  return { company: companyObject(context, user.companyId) };
}
