/** The door of features/account: what the rest of the shop may use of it (eslint/doors.js). */
export { asCustomer, fetchCountries, fetchCustomer } from './api.ts';
export { countryName, resolveCountry } from './country.ts';
export type { CountryName } from './country.ts';
export { addressForm, defaultAddress, MANAGE_TARGETS, savable } from './customer.ts';
export type { ManageTarget } from './customer.ts';
export { $login, $signedIn, LOGIN_KEY, onSessionEnd, sessionExpired, signedInOr } from './session.ts';
export type { SignInHooks } from './session.ts';
export { signOut } from './sign-out.ts';
export { accountSpec, fieldLimitTexts } from './texts.ts';
export {
  ADDRESS_FIELDS,
  addressProblems,
  emailLimitProblem,
  fieldProblem,
  isEmail,
  limitProblem,
  passwordProblem,
} from './validation.ts';
export type { AddressFields, FieldProblems } from './validation.ts';
