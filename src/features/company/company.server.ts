/**
 * The signed-in customer's company in Magento (B2B for Adobe Commerce's GraphQL, docs/company-accounts.md), as
 * the storefront server reads and changes it: always the company of the customer whose token is given, and
 * only the parts their role allows (Adobe refuses the rest). Magento's failures come back as
 * `MagentoGraphqlError`.
 */
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  readCompany,
  type AclNodeWire,
  type CompanyRoleWire,
  type CompanyUserWire,
  type StructureItemWire,
} from '../../magento/wire/company.ts';
import { COMPANY_RESOURCES as R, mayUse, type CompanyAccess } from './access.ts';
import type {
  AclNode,
  CompanyAnswer,
  CompanyMoney,
  CompanyRoleRow,
  CompanyTeamRow,
  CompanyUserRow,
  CreditOperation,
} from './answer.ts';

type Money = { value?: number | null | undefined; currency?: string | null | undefined } | null | undefined;

const moneyOf = (money: Money): CompanyMoney | null =>
  money?.value == null ? null : { value: money.value, currency: money.currency ?? 'GBP' };

const aclOf = (nodes: readonly (AclNodeWire | null)[] | null | undefined): AclNode[] =>
  (nodes ?? []).flatMap((node) =>
    node ? [{ id: node.id, label: node.text ?? node.id, children: aclOf(node.children) }] : [],
  );

function idsOf(nodes: readonly AclNodeWire[] | null | undefined, into: string[] = []): string[] {
  for (const node of nodes ?? []) {
    into.push(node.id);
    idsOf(node.children, into);
  }
  return into;
}

const nameOf = (
  person: { firstname?: string | null | undefined; lastname?: string | null | undefined } | null | undefined,
) => [person?.firstname, person?.lastname].filter(Boolean).join(' ');

function userRow(user: CompanyUserWire, adminEmail: string): CompanyUserRow {
  const isAdmin = (user.email ?? '').toLowerCase() === adminEmail;
  return {
    uid: user.id,
    name: nameOf(user),
    email: user.email ?? '',
    jobTitle: user.job_title ?? '',
    active: user.status !== 'INACTIVE',
    isAdmin,
    roleUid: isAdmin ? null : (user.role?.id ?? null),
    roleName: isAdmin ? null : (user.role?.name ?? null),
    // The team's structure uid: what a move in the tree names.
    teamUid: user.team?.structure_id ?? null,
  };
}

function teamsOf(items: readonly (StructureItemWire | null)[] | null | undefined): CompanyTeamRow[] {
  return (items ?? []).flatMap((item) =>
    item?.entity?.__typename === 'CompanyTeam'
      ? [{ uid: item.id, name: item.entity.name ?? '', description: item.entity.description ?? '' }]
      : [],
  );
}

const roleRow = (role: CompanyRoleWire): CompanyRoleRow => ({
  uid: role.id,
  name: role.name ?? '',
  usersCount: role.users_count ?? 0,
  allowed: idsOf(role.permissions),
});

/** The company as the company page shows it, for a customer of the given access. */
export async function readCompanyPage(
  magento: MagentoGraphqlConfig,
  token: string,
  access: CompanyAccess,
): Promise<CompanyAnswer | undefined> {
  const parts = {
    address: mayUse(access, R.viewAddress),
    users: mayUse(access, R.usersView),
    roles: mayUse(access, R.rolesView),
    credit: mayUse(access, R.credit),
    history: mayUse(access, R.creditHistory),
  };
  const { company } = await magentoGraphql(magento, readCompany(parts), { token });
  if (!company) return undefined;
  const adminEmail = (company.company_admin?.email ?? '').toLowerCase();
  const address = company.legal_address;
  const history: CreditOperation[] | null = company.credit_history
    ? company.credit_history.items.flatMap((item) =>
        item
          ? [
              {
                date: item.date,
                type: item.type,
                amount: moneyOf(item.amount),
                by: item.updated_by?.name ?? '',
                reference: item.custom_reference_number ?? '',
              },
            ]
          : [],
      )
    : null;
  return {
    uid: company.id,
    name: company.name ?? '',
    legalName: company.legal_name ?? '',
    email: company.email ?? '',
    vatNumber: company.vat_tax_id ?? '',
    registrationNumber: company.reseller_id ?? '',
    address: address
      ? [
          ...(address.street ?? []).filter((line): line is string => Boolean(line)),
          address.city ?? '',
          address.region?.region ?? '',
          address.postcode ?? '',
          address.telephone ?? '',
        ].filter(Boolean)
      : null,
    administrator: nameOf(company.company_admin) || (company.company_admin?.email ?? ''),
    isAdmin: access.isAdmin,
    roleName: access.roleName,
    allowed: [...access.allowed],
    credit: company.credit
      ? {
          limit: moneyOf(company.credit.credit_limit),
          available: moneyOf(company.credit.available_credit),
          outstanding: moneyOf(company.credit.outstanding_balance),
        }
      : null,
    history,
    users: company.users
      ? company.users.items.flatMap((user) => (user ? [userRow(user, adminEmail)] : []))
      : null,
    teams: company.structure ? teamsOf(company.structure.items) : null,
    roles: company.roles ? company.roles.items.flatMap((role) => (role ? [roleRow(role)] : [])) : null,
    acl: company.acl_resources ? aclOf(company.acl_resources) : null,
    mayEditUsers: mayUse(access, R.usersEdit),
    mayEditRoles: mayUse(access, R.rolesEdit),
  };
}

/** The structure uid of a user's node in the company tree (what a move names), from the company's tree. */
export async function structureOfUser(
  magento: MagentoGraphqlConfig,
  token: string,
  userUid: string,
): Promise<{ node: string | undefined; root: string | undefined; teams: readonly string[] }> {
  const parts = { address: false, users: true, roles: false, credit: false, history: false };
  const { company } = await magentoGraphql(magento, readCompany(parts), { token });
  const items = (company?.structure?.items ?? []).flatMap((item) => (item ? [item] : []));
  const root = items.find((item) => !item.parent_id || item.parent_id === 'MA==');
  const node = items.find((item) => item.entity?.__typename === 'Customer' && item.entity.id === userUid);
  return { node: node?.id, root: root?.id, teams: teamsOf(items).map((team) => team.uid) };
}
