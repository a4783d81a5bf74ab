/**
 * The users, teams and roles of the customer's own company (src/server/shopper/company.ts mounts them):
 * each refused on the route unless the role allows it (users_edit for users and teams, roles_edit for
 * roles) and the grant rules hold (no change to anyone who may do more, nothing handed out beyond one's own
 * role), then asked of Magento's GraphQL with the customer's token; each answers the company afresh.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  COMPANY_RESOURCES as R,
  companyTexts as t,
  mayChangeUser,
  mayGrant,
  type CompanyAccess,
} from '../../features/company/index.ts';
import * as company from '../../features/company/index.server.ts';
import {
  HttpError,
  jsonBody,
  type customerSession,
  type jsonOnly,
  type limitBody,
  sameOrigin,
  type signedIn,
} from '../../http/index.ts';
import type { MagentoGraphqlConfig } from '../../magento/graphql.ts';

export type Guarded = (c: Context, work: () => Promise<Response>) => Promise<Response>;

export interface MemberDeps {
  readonly write: readonly [ReturnType<typeof sameOrigin>, ReturnType<typeof limitBody>, typeof jsonOnly];
  readonly customer: readonly [ReturnType<typeof customerSession>, ReturnType<typeof signedIn>];
  readonly guarded: Guarded;
  /** The customer's access; 403 with `refusal` when they are in no company or lack `resource`. */
  readonly accessFor: (token: string, resource?: string, refusal?: string) => Promise<CompanyAccess>;
  readonly answer: (token: string, status?: number) => Promise<Response>;
}

const uid = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max);
const userBody = z.object({
  role: uid.optional(),
  team: uid.nullable().optional(),
  active: z.boolean().optional(),
});
const teamBody = z.object({ name: text(255), description: text(1024).default('') });
const roleBody = z.object({ name: text(255), permissions: z.array(text(255)).max(200) });

/**
 * The grant rules (features/company/grants.ts), checked before Magento is asked: 403 when a user who is not
 * the administrator would change someone who may do more than they, or hand out more than their own role.
 */
async function checkGrants(
  graphql: MagentoGraphqlConfig,
  token: string,
  access: CompanyAccess,
  change: {
    readonly user?: string;
    readonly role?: string | undefined;
    readonly permissions?: readonly string[];
  },
): Promise<void> {
  if (access.isAdmin) return;
  const page = await company.readCompanyPage(graphql, token, access);
  const roles = page?.roles ?? [];
  const target =
    change.user === undefined ? undefined : page?.users?.find((each) => each.uid === change.user);
  if (change.user !== undefined && (!target || !mayChangeUser(access, target, roles)))
    throw new HttpError(403, t.mayNotChangeUser);
  const role = change.role === undefined ? undefined : roles.find((each) => each.uid === change.role);
  if (change.role !== undefined && !mayGrant(access, role?.allowed)) throw new HttpError(403, t.mayNotGrant);
  if (change.permissions !== undefined && !mayGrant(access, change.permissions))
    throw new HttpError(403, t.mayNotGrant);
}

function userRoutes(routes: Hono, graphql: MagentoGraphqlConfig, siteUrl: string, deps: MemberDeps): void {
  const { write, customer, guarded, accessFor, answer } = deps;
  const usersEdit = (token: string) => accessFor(token, R.usersEdit, t.mayNotEditUsers);

  /** The user's node in the tree; 404 for a uid not of the company (Adobe would refuse it as unauthorized). */
  const nodeOf = async (token: string, user: string) => {
    const tree = await company.structureOfUser(graphql, token, user);
    if (!tree.node || !tree.root) throw new HttpError(404, t.noSuchUser);
    return { node: tree.node, root: tree.root, teams: tree.teams };
  };

  routes.put('/company-account/users/:uid', ...write, jsonBody(userBody, t.badRequest), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      const access = await usersEdit(token);
      const user = c.req.param('uid');
      const { role, team, active } = c.req.valid('json');
      const tree = await nodeOf(token, user);
      await checkGrants(graphql, token, access, { user, role });
      if (role !== undefined || active !== undefined)
        await company.updateUser(user, {
          ...(role ? { role } : {}),
          ...(active === undefined ? {} : { active }),
        })(graphql, token);
      if (team !== undefined) {
        if (team !== null && !tree.teams.includes(team)) throw new HttpError(400, t.noSuchTeam);
        await company.moveNode(tree.node, team ?? tree.root)(graphql, token);
      }
      return answer(token);
    }),
  );
  routes.delete('/company-account/users/:uid', sameOrigin(siteUrl), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      const access = await usersEdit(token);
      const user = c.req.param('uid');
      await nodeOf(token, user);
      await checkGrants(graphql, token, access, { user });
      await company.removeUser(user)(graphql, token);
      return answer(token);
    }),
  );
}

function teamRoutes(routes: Hono, graphql: MagentoGraphqlConfig, siteUrl: string, deps: MemberDeps): void {
  const { write, customer, guarded, accessFor, answer } = deps;
  const usersEdit = (token: string) => accessFor(token, R.usersEdit, t.mayNotEditUsers);
  routes.post('/company-account/teams', ...write, jsonBody(teamBody, t.badRequest), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      await usersEdit(token);
      const { name, description } = c.req.valid('json');
      if (!name.trim()) throw new HttpError(400, t.required(t.teamName));
      await company.createTeam(name.trim(), description.trim())(graphql, token);
      return answer(token, 201);
    }),
  );
  routes.put('/company-account/teams/:uid', ...write, jsonBody(teamBody, t.badRequest), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      await usersEdit(token);
      const { name, description } = c.req.valid('json');
      await company.updateTeam(c.req.param('uid'), name.trim(), description.trim())(graphql, token);
      return answer(token);
    }),
  );
  routes.delete('/company-account/teams/:uid', sameOrigin(siteUrl), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      await usersEdit(token);
      await company.deleteTeam(c.req.param('uid'))(graphql, token);
      return answer(token);
    }),
  );
}

function roleRoutes(routes: Hono, graphql: MagentoGraphqlConfig, siteUrl: string, deps: MemberDeps): void {
  const { write, customer, guarded, accessFor, answer } = deps;
  const rolesEdit = (token: string) => accessFor(token, R.rolesEdit, t.mayNotEditRoles);
  routes.post('/company-account/roles', ...write, jsonBody(roleBody, t.badRequest), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      const access = await rolesEdit(token);
      const { name, permissions } = c.req.valid('json');
      if (!name.trim()) throw new HttpError(400, t.required(t.roleName));
      await checkGrants(graphql, token, access, { permissions });
      await company.createRole(name.trim(), permissions)(graphql, token);
      return answer(token, 201);
    }),
  );
  routes.put('/company-account/roles/:uid', ...write, jsonBody(roleBody, t.badRequest), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      const access = await rolesEdit(token);
      const { name, permissions } = c.req.valid('json');
      await checkGrants(graphql, token, access, { role: c.req.param('uid'), permissions });
      await company.updateRole(c.req.param('uid'), name.trim(), permissions)(graphql, token);
      return answer(token);
    }),
  );
  routes.delete('/company-account/roles/:uid', sameOrigin(siteUrl), ...customer, (c) =>
    guarded(c, async () => {
      const token = c.var.customerToken;
      const access = await rolesEdit(token);
      await checkGrants(graphql, token, access, { role: c.req.param('uid') });
      await company.deleteRole(c.req.param('uid'))(graphql, token);
      return answer(token);
    }),
  );
}

/** Users, teams and roles of the customer's own company. */
export function memberRoutes(
  routes: Hono,
  graphql: MagentoGraphqlConfig,
  siteUrl: string,
  deps: MemberDeps,
): void {
  userRoutes(routes, graphql, siteUrl, deps);
  teamRoutes(routes, graphql, siteUrl, deps);
  roleRoutes(routes, graphql, siteUrl, deps);
}
