/**
 * What `GET /company-account` answers the company page (src/components/company/): the company as the
 * customer's role lets them see it, in the storefront's words, with what they may change. Shared by the
 * storefront server (company.server.ts) and the page's island.
 */

export interface CompanyMoney {
  readonly value: number;
  readonly currency: string;
}

export interface CompanyUserRow {
  readonly uid: string;
  readonly name: string;
  readonly email: string;
  readonly jobTitle: string;
  readonly active: boolean;
  readonly isAdmin: boolean;
  readonly roleUid: string | null;
  readonly roleName: string | null;
  readonly teamUid: string | null;
}

export interface CompanyTeamRow {
  readonly uid: string;
  readonly name: string;
  readonly description: string;
}

export interface CompanyRoleRow {
  readonly uid: string;
  readonly name: string;
  readonly usersCount: number;
  /** Adobe resource ids the role allows. */
  readonly allowed: readonly string[];
}

/** A node of Adobe's permission tree, as the role form shows it. */
export interface AclNode {
  readonly id: string;
  readonly label: string;
  readonly children: readonly AclNode[];
}

export interface CreditOperation {
  readonly date: string;
  readonly type: string;
  readonly amount: CompanyMoney | null;
  readonly by: string;
  readonly reference: string;
}

export interface CompanyAnswer {
  readonly uid: string;
  readonly name: string;
  readonly legalName: string;
  readonly email: string;
  readonly vatNumber: string;
  /** Adobe's `reseller_id`: the storefront keeps the company registration number there. */
  readonly registrationNumber: string;
  readonly address: readonly string[] | null;
  readonly administrator: string;
  readonly isAdmin: boolean;
  readonly roleName: string | null;
  /** The resources the viewer's own role allows (every one for the administrator): what they may hand out. */
  readonly allowed: readonly string[];
  readonly credit: {
    readonly limit: CompanyMoney | null;
    readonly available: CompanyMoney | null;
    readonly outstanding: CompanyMoney | null;
  } | null;
  readonly history: readonly CreditOperation[] | null;
  /** Null: the role may not see users (nor teams, which are part of the users' tree). */
  readonly users: readonly CompanyUserRow[] | null;
  readonly teams: readonly CompanyTeamRow[] | null;
  readonly roles: readonly CompanyRoleRow[] | null;
  readonly acl: readonly AclNode[] | null;
  readonly mayEditUsers: boolean;
  readonly mayEditRoles: boolean;
}

/** What the join page shows of an invitation before it is accepted. */
export interface InvitationPreview {
  readonly companyName: string;
  readonly email: string;
  readonly expired: boolean;
}
