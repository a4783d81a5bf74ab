/** The door of features/consent: what the rest of the shop may use of it (eslint/doors.js). */
export { ALL, chooseConsent } from './consent-choice.ts';
export { $consent } from './consent-state.ts';
export {
  allowed,
  CONSENT_KEY,
  CONSENT_LIFETIME_MS,
  consentModeOf,
  isCurrent,
  NONE,
  PRIVACY_KEY,
} from './consent.ts';
export type { ConsentChoice } from './consent.ts';
