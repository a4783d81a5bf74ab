/** The door of features/company: what the rest of the shop may use of it (eslint/doors.js). */
export { ALL_COMPANY_RESOURCES, COMPANY_RESOURCES, mayUse } from './access.ts';
export type { CompanyAccess, CompanyResource } from './access.ts';
export { grantableRoles, mayChangeUser, mayGrant } from './grants.ts';
export type {
  AclNode,
  CompanyAnswer,
  CompanyMoney,
  CompanyRoleRow,
  CompanyTeamRow,
  CompanyUserRow,
  CreditOperation,
  InvitationPreview,
} from './answer.ts';
export { REGISTRATION_FIELDS, registrationProblems } from './registration.ts';
export type { Registration, RegistrationField } from './registration.ts';
export { companyTexts } from './texts.ts';
export {
  acceptInvitation,
  changeCompany,
  COMPANY_PAGE,
  INVITATION_KEY,
  JOIN_PAGE,
  previewInvitation,
  readMyCompany,
  REGISTER_PAGE,
  registerCompany,
  sendInvitation,
} from './api.ts';
export type { InvitationForm } from './api.ts';
export { returnHereAfterSignIn, takeCompanyReturn } from './after-sign-in.ts';
