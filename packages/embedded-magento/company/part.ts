/**
 * The company (B2B for Adobe Commerce's Magento_CompanyGraphQl and Magento_CompanyCreditGraphQl) as a part of
 * the embedded GraphQL schema (`../graphql/schema.ts`): the `company` query, its availability checks and
 * mutations, and the fields B2B adds to `Customer`.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import {
  createCompany,
  isCompanyAdminEmailAvailable,
  isCompanyEmailAvailable,
  isCompanyRoleNameAvailable,
  isCompanyUserEmailAvailable,
  updateCompany,
} from './company-mutations.ts';
import { member } from './guard.ts';
import { acceptCompanyInvitation } from './invitations.ts';
import { customerFields } from './customer-fields.ts';
import { companyObject } from './nodes.ts';
import { createCompanyRole, deleteCompanyRole, updateCompanyRole } from './role-mutations.ts';
import { COMPANY_SDL } from './sdl.ts';
import {
  createCompanyTeam,
  deleteCompanyTeam,
  updateCompanyStructure,
  updateCompanyTeam,
} from './team-mutations.ts';
import {
  createCompanyUser,
  deleteCompanyUser,
  deleteCompanyUserV2,
  updateCompanyUser,
} from './user-mutations.ts';

export const companyPart: SchemaPart = {
  sdl: COMPANY_SDL,
  root: {
    company: (_args, context: GraphQlContext) => companyObject(context, member(context).companyId),
    isCompanyAdminEmailAvailable,
    isCompanyEmailAvailable,
    isCompanyRoleNameAvailable,
    isCompanyUserEmailAvailable,
    createCompany,
    updateCompany,
    createCompanyUser,
    updateCompanyUser,
    deleteCompanyUser,
    deleteCompanyUserV2,
    createCompanyRole,
    updateCompanyRole,
    deleteCompanyRole,
    createCompanyTeam,
    updateCompanyTeam,
    deleteCompanyTeam,
    updateCompanyStructure,
    acceptCompanyInvitation,
  },
  fields: { Customer: customerFields },
};
