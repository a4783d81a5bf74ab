/**
 * The shopper's cookie choice as the ICO's guidance on PECR asks for it (DESIGN.md §3): strictly necessary
 * cookies are always on; analytics and marketing each need their own yes. The choice is kept in the
 * browser under `consent` with its date and the version of the policy it answered, and is asked again
 * 12 months later or when the policy's version changes (PRIVACY_POLICY_VERSION).
 *
 * The spec's own key stays: `privacy` is 'true' once the notice has been answered. A `privacy` of 'true'
 * with no `consent` record (a browser that accepted the spec's old notice, which offered no choice) counts
 * as answered with strictly necessary cookies only: it is not asked again, and nothing optional loads.
 *
 * The same rules run before the first paint in Base.astro's inline script, which cannot import this file.
 */
import { isRecord, readJson } from '@cleaning-shop/kit/reader.ts';

export const CONSENT_KEY = 'consent';
/** The spec's key: 'true' once the notice is answered. */
export const PRIVACY_KEY = 'privacy';

/** 12 months, after which a choice is asked again. */
export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export interface ConsentChoice {
  readonly analytics: boolean;
  readonly marketing: boolean;
}

export interface ConsentRecord extends ConsentChoice {
  /** The policy version the choice answered. */
  readonly version: string;
  /** When it was made, ISO 8601. */
  readonly date: string;
}

export const NONE: ConsentChoice = { analytics: false, marketing: false };

/** A stored record, read by hand (no zod in the shell): anything malformed reads as none. */
export function readConsent(stored: string | null | undefined): ConsentRecord | undefined {
  const record = readJson(stored);
  if (!isRecord(record)) return undefined;
  const { analytics, marketing, version, date } = record;
  return typeof analytics === 'boolean' &&
    typeof marketing === 'boolean' &&
    typeof version === 'string' &&
    typeof date === 'string' &&
    Date.parse(date)
    ? { analytics, marketing, version, date }
    : undefined;
}

/** Whether `record` still stands: made for this policy version, less than 12 months ago. */
export const isCurrent = (record: ConsentRecord | undefined, version: string, now: number): boolean =>
  record?.version === version && now - Date.parse(record.date) < CONSENT_LIFETIME_MS;

/** What the shopper has allowed now: a current record's choice, else nothing optional. */
export const allowed = (record: ConsentRecord | undefined, version: string, now: number): ConsentChoice =>
  isCurrent(record, version, now) && record
    ? { analytics: record.analytics, marketing: record.marketing }
    : NONE;

/** Google Consent Mode v2's four signals for a choice: analytics storage, and the three advertising ones. */
export function consentModeOf(choice: ConsentChoice): Record<string, 'granted' | 'denied'> {
  const state = (yes: boolean) => (yes ? 'granted' : 'denied');
  return {
    ad_storage: state(choice.marketing),
    ad_user_data: state(choice.marketing),
    ad_personalization: state(choice.marketing),
    analytics_storage: state(choice.analytics),
  };
}
