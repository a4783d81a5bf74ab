import { describe, expect, it } from 'vitest';
import { resolveCountry } from '../../src/features/account/country.ts';
import {
  invalidAddressFields,
  invalidContactFields,
  isEmail,
} from '../../src/features/account/validation.ts';
import { matchesSearch, normaliseForSearch } from '../../src/features/search/match.ts';
import { FORM_ADDRESS } from '../support/addresses.ts';

const countries = [
  { id: 'GB', full_name_english: 'United Kingdom' },
  { id: 'FR', full_name_english: 'France' },
  { id: 'DE', full_name_english: 'Germany' },
  { id: 'US', full_name_english: 'United States' },
];

describe('resolveCountry (spec §5)', () => {
  it('matches names longer than 3 characters case-insensitively', () => {
    expect(resolveCountry('France', countries)).toBe('FR');
    expect(resolveCountry('  germany ', countries)).toBe('DE');
    expect(resolveCountry('UNITED STATES', countries)).toBe('US');
  });
  it("gives GB for 'great britain' and for names that match nothing", () => {
    expect(resolveCountry('Great Britain', countries)).toBe('GB');
    expect(resolveCountry('Narnia', countries)).toBe('GB');
  });
  it("gives GB for 'gb' and 'uk' at 3 characters or fewer, otherwise takes the text as the code", () => {
    expect(resolveCountry('uk', countries)).toBe('GB');
    expect(resolveCountry('GB', countries)).toBe('GB');
    expect(resolveCountry('fr', countries)).toBe('FR');
    expect(resolveCountry('usa', countries)).toBe('USA');
  });
  it('defaults to GB when empty', () => {
    expect(resolveCountry('', countries)).toBe('GB');
    expect(resolveCountry('   ', countries)).toBe('GB');
  });
});

describe('search matching (spec §5)', () => {
  it('is case-insensitive on the name', () => {
    expect(matchesSearch('Clearwater K 4 Power Pressure Washer', 'pressure')).toBe(true);
    expect(matchesSearch('Clearwater K 4 Power Pressure Washer', 'POWER')).toBe(true);
    expect(matchesSearch('Clearwater K 4 Power Pressure Washer', 'scrubber')).toBe(false);
  });
  it('ignores the first space, hyphen and slash in the name and in the term', () => {
    expect(normaliseForSearch('K 4-Pro/Max x-y')).toBe('k4promax x-y');
    expect(matchesSearch('WD 5 Wet & Dry Vacuum', 'wd5')).toBe(true);
    expect(matchesSearch('WD5 Wet & Dry Vacuum', 'wd 5')).toBe(true);
    expect(matchesSearch('SC-3 Steam Cleaner', 'sc3')).toBe(true);
    expect(matchesSearch('Hose 1/2 inch', 'hose 12')).toBe(true);
  });
  it('only the first of each: a second space still counts', () => {
    expect(matchesSearch('A B C', 'abc')).toBe(false);
    // The term loses its first space too, so two words only match where the name also lost that space.
    expect(matchesSearch('Clearwater K 4 Power Pressure Washer', 'pressure washer')).toBe(false);
    expect(matchesSearch('Pressure Washer K 4', 'pressure washer')).toBe(true);
  });
  it('never matches an empty term', () => {
    expect(matchesSearch('Anything', '  ')).toBe(false);
  });
});

describe('form validation (spec §5)', () => {
  const address = FORM_ADDRESS;
  it("needs an e-mail with '@' and '.'", () => {
    expect(isEmail('sam@example.com')).toBe(true);
    expect(isEmail('sam@example')).toBe(false);
    expect(isEmail('sam.example.com')).toBe(false);
    expect(invalidContactFields({ email: 'x', firstname: ' ', lastname: 'P' })).toEqual([
      'email',
      'firstname',
    ]);
  });
  it('needs every address field', () => {
    expect(invalidAddressFields(address)).toEqual([]);
    expect(invalidAddressFields({ ...address, city: '', region: ' ' })).toEqual(['city', 'region']);
  });
  it('at checkout needs a telephone longer than 8 characters and an e-mail', () => {
    expect(invalidAddressFields({ ...address, telephone: '12345678' }, { checkout: true })).toEqual([
      'telephone',
    ]);
    expect(invalidAddressFields({ ...address, telephone: '123456789' }, { checkout: true })).toEqual([]);
    expect(invalidAddressFields({ ...address, email: 'nope' }, { checkout: true })).toEqual(['email']);
  });
});
