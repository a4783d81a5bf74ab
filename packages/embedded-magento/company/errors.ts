/**
 * The company calls' refusals in Adobe's words (Magento_CompanyGraphQl, and the messages its reference pages
 * list under "Errors"), with the category of the exception each is (`../graphql/errors.ts`).
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export const companyErrors = {
  guest: () => authorizationError("The current customer isn't authorized."),
  /** A customer of no company, of a company not approved, an inactive user, or one whose role lacks the right. */
  notAllowed: () => authorizationError('You do not have authorization to perform this action.'),
  noSuchEntity: (field: string, value: string) =>
    noSuchEntityError(`No such entity with ${field} = ${value}`),
  companyEmailTaken: () =>
    inputError(
      'Company with this email address already exists in the system. Enter a different email address to continue.',
    ),
  customerEmailTaken: () =>
    inputError('A customer with the same email address already exists in an associated website.'),
  alreadyInCompany: () => inputError('A customer with the same email already assigned to company.'),
  deleteSelf: () => inputError('You cannot delete yourself.'),
  adminInactive: (name: string) =>
    inputError(
      `The user ${name} is the company admin and cannot be set to inactive. You must set another user as the company admin first.`,
    ),
  roleNameTaken: () =>
    inputError('User role with this name already exists. Enter a different name to save this role.'),
  roleInUse: () =>
    inputError(
      'This role cannot be deleted because users are assigned to it. Reassign the users to another role to continue.',
    ),
  teamNotEmpty: () =>
    inputError(
      'This team has child users or teams aligned to it and cannot be deleted. Please re-align the child users or teams first.',
    ),
  unknownResource: (id: string) => inputError(`Invalid value of "${id}" provided for the permissions field.`),
  required: (field: string) => inputError(`"${field}" is required. Enter and try again.`),
  invalidEmail: (email: string) => inputError(`"${email}" is not a valid email address.`),
  invalidCountry: () => inputError('Invalid value of country_id provided.'),
  /** Company\Model\Company\Structure's words for the administrator moved, or a node under itself or its own. */
  adminMove: () =>
    inputError('The company admin cannot be moved to a different location in the company structure.'),
  moveUnderItself: () => inputError('A user or a team cannot be moved under itself.'),
  moveUnderChild: () => inputError('A user or a team cannot be moved under its child user or team.'),
  /** Magento's customer validators' messages, joined as its validator exception joins them. */
  notValid: (problems: readonly string[]) => inputError(problems.join('\n')),
  invitationNotValid: () => inputError('The invitation code is not valid.'),
};
