/**
 * The shopper's cookie choice (consent.ts has the rules), owned here for the whole page: `$consent`, the
 * choice with its date and policy version (localStorage `consent`). A choice made in another tab arrives
 * through the storage event, as with every persistent store. Choices are made in consent-choice.ts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { CONSENT_KEY, readConsent, type ConsentRecord } from './consent.ts';

export const $consent = persistentAtom<ConsentRecord | undefined>(CONSENT_KEY, undefined, {
  encode: (record) => JSON.stringify(record),
  decode: readConsent,
});
