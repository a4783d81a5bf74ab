/**
 * The spec's country resolution for every address form (§5): text longer than 3 characters is matched
 * case-insensitively to a country's English name ('great britain' or no match gives GB); 3 characters
 * or fewer: 'gb' or 'uk' give GB, anything else is taken as the code. Empty gives the default, GB.
 */
export interface CountryName {
  id: string;
  full_name_english: string;
}

export const DEFAULT_COUNTRY = 'GB';

export function resolveCountry(text: string, countries: readonly CountryName[]): string {
  const value = text.trim();
  if (value === '') return DEFAULT_COUNTRY;
  const lower = value.toLowerCase();
  if (value.length > 3) {
    if (lower === 'great britain') return DEFAULT_COUNTRY;
    return (
      countries.find((country) => country.full_name_english.toLowerCase() === lower)?.id ?? DEFAULT_COUNTRY
    );
  }
  if (lower === 'gb' || lower === 'uk') return DEFAULT_COUNTRY;
  return value.toUpperCase();
}

/** The English name shown for a stored country code (for prefilling forms). */
export const countryName = (id: string, countries: readonly CountryName[]): string =>
  countries.find((country) => country.id === id)?.full_name_english ?? id;
