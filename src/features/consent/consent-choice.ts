/**
 * Making a choice (the cookie notice's controls, loaded on their first use): kept with its date and the
 * policy's version, and the spec's key answered. The page's part that runs with every page
 * (cookie-banner.client.ts) hears it through `$consent` and updates Consent Mode and the tag.
 */
import { persistentAtom } from '@nanostores/persistent';
import { $consent } from './consent-state.ts';
import { PRIVACY_KEY, type ConsentChoice, type ConsentRecord } from './consent.ts';

/** The spec's key's value means "answered" only when it is exactly 'true'. */
export const decodePrivacy = (stored: string): boolean => stored === 'true';

/** The spec's own key: 'true' once the notice is answered; any other value, corrupt or missing, is not. */
export const $privacy = persistentAtom<boolean>(PRIVACY_KEY, false, {
  encode: (answered) => (answered ? 'true' : 'false'),
  decode: decodePrivacy,
});

export const ALL: ConsentChoice = { analytics: true, marketing: true };

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
