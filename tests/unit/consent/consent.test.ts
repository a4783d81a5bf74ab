import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $consent } from '../../../src/features/consent/consent-state.ts';
import { $privacy, ALL, chooseConsent } from '../../../src/features/consent/consent-choice.ts';
import {
  allowed,
  consentModeOf,
  CONSENT_LIFETIME_MS,
  isCurrent,
  NONE,
  readConsent,
} from '../../../src/features/consent/consent.ts';

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  cleanTestStorage();
  cleanStores($privacy, $consent);
});

/** The value a mounted island sees (mounting re-reads storage). */
function shown<T>(store: { listen: (listener: () => void) => () => void; get: () => T }): T {
  const unbind = store.listen(() => {});
  const value = store.get();
  unbind();
  return value;
}

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('$privacy, the spec key', () => {
  it("is answered only when the stored value is exactly 'true'", () => {
    expect(shown($privacy)).toBe(false);
    setTestStorageKey('privacy', 'true');
    expect(shown($privacy)).toBe(true);
  });

  it.each(['yes', 'TRUE', '1', '{"accepted":true}', ''])('treats %j as not answered', (stored) => {
    setTestStorageKey('privacy', stored);
    expect(shown($privacy)).toBe(false);
  });
});

describe('chooseConsent', () => {
  it("keeps the choice with its date and the policy's version, and answers the spec key", () => {
    chooseConsent({ analytics: true, marketing: false }, '2026-11', NOW);
    expect(getTestStorage()).toEqual({
      privacy: 'true',
      consent: JSON.stringify({
        analytics: true,
        marketing: false,
        version: '2026-11',
        date: '2026-11-26T10:00:00.000Z',
      }),
    });
    expect(shown($consent)).toEqual({
      analytics: true,
      marketing: false,
      version: '2026-11',
      date: '2026-11-26T10:00:00.000Z',
    });
  });

  it('keeps a rejection as a choice too', () => {
    chooseConsent(NONE, '2026-11', NOW);
    expect(shown($consent)).toMatchObject({ analytics: false, marketing: false });
    expect(shown($privacy)).toBe(true);
  });
});

describe('a stored choice', () => {
  const record = { analytics: true, marketing: true, version: 'v2', date: new Date(NOW).toISOString() };

  it.each([
    ['not JSON', '{'],
    ['a bare true', 'true'],
    ['a missing choice', JSON.stringify({ version: 'v2', date: record.date })],
    ['a choice that is not a yes or no', JSON.stringify({ ...record, analytics: 'yes' })],
    ['no date', JSON.stringify({ ...record, date: 'soon' })],
  ])('reads as none when it is %s', (_, stored) => {
    expect(readConsent(stored)).toBeUndefined();
  });

  it('stands for 12 months for the version it answered', () => {
    const read = readConsent(JSON.stringify(record));
    expect(isCurrent(read, 'v2', NOW + CONSENT_LIFETIME_MS - 1)).toBe(true);
    expect(isCurrent(read, 'v2', NOW + CONSENT_LIFETIME_MS)).toBe(false);
    expect(isCurrent(read, 'v3', NOW)).toBe(false);
  });

  it('allows nothing optional once it no longer stands, or when there is none', () => {
    const read = readConsent(JSON.stringify(record));
    expect(allowed(read, 'v2', NOW)).toEqual(ALL);
    expect(allowed(read, 'v3', NOW)).toEqual(NONE);
    expect(allowed(undefined, 'v2', NOW)).toEqual(NONE);
  });
});

describe('Google Consent Mode v2 signals', () => {
  it('grant analytics storage for analytics and the three advertising signals for marketing', () => {
    expect(consentModeOf({ analytics: true, marketing: false })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(consentModeOf({ analytics: false, marketing: true })).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });
});
