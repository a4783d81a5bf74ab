/** The door of features/company for the server: what the rest of the shop may use of it that runs only in Node. */
export { meansNoB2b, readCompanyAccess, stillSignedIn } from './access.server.ts';
export { readCompanyPage, structureOfUser } from './company.server.ts';
export { memoryInvitationBook, storedInvitationBook } from './invitation-book.server.ts';
export type { InvitationBook, OpenInvitation } from './invitation-book.server.ts';
export { invitationMail, invitationMailTexts, JOIN_PATH } from './invitation-mail.ts';
export { idOfUid, INVITATION_DAYS, readInvitation, signInvitation } from './invitation.server.ts';
export type { Invitation } from './invitation.server.ts';
export {
  createRole,
  createTeam,
  deleteRole,
  deleteTeam,
  joinCompany,
  moveNode,
  registerAsCustomer,
  registerAsGuest,
  removeUser,
  updateRole,
  updateTeam,
  updateUser,
} from './manage.server.ts';
