/**
 * The shopper's answer to the cookie notice (consent.ts has the rules), owned here for the whole page:
 * `$consent`, the choice with its date and policy version (localStorage `consent`), and `$privacy`, the
 * spec's own key ('true' once the notice is answered; any other value, corrupt or missing, is not).
 * A choice made in another tab arrives through the storage event, as with every persistent store.
 */
import { persistentAtom } from '@nanostores/persistent';
import { CONSENT_KEY, readConsent, type ConsentChoice, type ConsentRecord } from './consent.ts';

export const PRIVACY_KEY = 'privacy';

/** The stored value means "answered" only when it is exactly 'true'. */
export const decodePrivacy = (stored: string): boolean => stored === 'true';

export const $privacy = persistentAtom<boolean>(PRIVACY_KEY, false, {
  encode: (answered) => (answered ? 'true' : 'false'),
  decode: decodePrivacy,
});

export const $consent = persistentAtom<ConsentRecord | undefined>(CONSENT_KEY, undefined, {
  encode: (record) => JSON.stringify(record),
  decode: readConsent,
});

/** Keeps `choice` as the answer to policy `version`, made `now`. */
export function chooseConsent(choice: ConsentChoice, version: string, now = Date.now()): ConsentRecord {
  const record: ConsentRecord = {
    analytics: choice.analytics,
    marketing: choice.marketing,
    version,
    date: new Date(now).toISOString(),
  };
  $consent.set(record);
  $privacy.set(true);
  return record;
}
