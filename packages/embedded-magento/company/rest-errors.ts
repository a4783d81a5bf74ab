/**
 * The admin REST's company refusals as Magento_Company throws them (its repositories, save validators and
 * the customer repository plugin), rendered as its web API renders exceptions: the raw phrase with its
 * parameters, 404 for a NoSuchEntityException and 400 for every other LocalizedException. An
 * InputException with one error takes that error's phrase; with two or more it is "One or more input
 * exceptions have occurred." and lists each with its parameters (`[]` when it has none).
 */
import { MagentoError, type ErrorParameters } from '../errors.ts';

export interface Problem {
  readonly message: string;
  readonly parameters?: ErrorParameters;
}

const INVALID_VALUE = 'Invalid value of "%value" provided for the %fieldName field.';
const REQUIRED = '"%fieldName" is required. Enter and try again.';
const ROW_ID = 'You cannot update the requested attribute. Row ID: %fieldName = %fieldValue.';

export const problems = {
  invalidValue: (fieldName: string, value: unknown): Problem => ({
    message: INVALID_VALUE,
    parameters: { fieldName, value },
  }),
  required: (fieldName: string): Problem => ({ message: REQUIRED, parameters: { fieldName } }),
  // Magento_Company's SaveValidator\CompanyAdmin.
  adminInactive: (): Problem => ({
    message: 'The selected user is inactive. To continue, select another user or activate the current user.',
  }),
  adminOfOtherCompany: (): Problem => ({
    message: 'This customer is a user of a different company. Enter a different email address to continue.',
  }),
  // SaveValidator\CompanyEmail.
  companyEmailTaken: (): Problem => ({
    message:
      'Company with this email address already exists in the system. Enter a different email address to continue.',
  }),
  // SaveValidator\RejectedFields.
  rejectedFields: (): Problem => ({
    message:
      'Invalid attribute value. Rejected date&time and Rejected Reason can be changed only when a company status is changed to Rejected.',
  }),
};

/** An InputException of the problems found (none: nothing to throw). */
export function inputException(found: readonly Problem[]): MagentoError | undefined {
  const [first] = found;
  if (!first) return undefined;
  if (found.length === 1) return new MagentoError(400, first.message, first.parameters);
  return new MagentoError(
    400,
    'One or more input exceptions have occurred.',
    undefined,
    found.map((problem) => ({ message: problem.message, parameters: problem.parameters ?? [] })),
  );
}

/** A LocalizedException (400) of one phrase. */
export const refused = (problem: Problem): MagentoError =>
  new MagentoError(400, problem.message, problem.parameters);

/** `NoSuchEntityException` (404), its value as Magento had it (an int, a string or null). */
export const noSuchEntity = (fieldName: string, fieldValue: unknown): MagentoError =>
  new MagentoError(404, 'No such entity with %fieldName = %fieldValue', { fieldName, fieldValue });

export const restErrors = {
  // RoleRepository::save and Role\Validator.
  roleNameTaken: () =>
    refused({
      message: 'User role with this name already exists. Enter a different name to save this role.',
    }),
  // PermissionManagement::preparePermissions.
  parentDenied: () =>
    refused({
      message: 'Unable to set "allow" for the resource because its parent resource(s) is set to "deny".',
    }),
  roleInUse: () =>
    refused({
      message:
        'This role cannot be deleted because users are assigned to it. Reassign the users to another role to continue.',
    }),
  onlyRole: () =>
    refused({
      message:
        'You cannot delete a role when it is the only role in the company. You must create another role before deleting this role.',
    }),
  // Team\Create and Team\Delete.
  teamNotCreated: () => refused({ message: 'Could not create team' }),
  teamNotEmpty: () =>
    refused({
      message:
        'This team has child users or teams aligned to it and cannot be deleted. Please re-align the child users or teams first.',
    }),
  // Customer\CompanyAttributes and Customer\AttributesSaver (the customer repository's plugin).
  companyIdRequired: () =>
    refused({ message: ROW_ID, parameters: { fieldName: 'companyId', fieldValue: 0 } }),
  adminChangesCompany: () =>
    refused({ message: 'Invalid attribute value. Cannot change company for a company admin.' }),
  adminSetInactive: (name: string) =>
    refused({
      message:
        'The user %1 is the company admin and cannot be set to inactive. You must set another user as the company admin first.',
      parameters: [name],
    }),
};
