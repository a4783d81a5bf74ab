/** `GET /V1/directory/countries` (CONTRACT.md §5.9): every allowed country; regions only where defined. */
import { COUNTRIES, US_REGIONS } from './country-data.ts';

const REGIONS: Readonly<Record<string, readonly { id: string; code: string; name: string }[]>> = {
  US: US_REGIONS,
};

export function listCountries() {
  return COUNTRIES.map((country) => {
    const regions = REGIONS[country.id];
    return {
      id: country.id,
      two_letter_abbreviation: country.id,
      three_letter_abbreviation: country.iso3,
      full_name_locale: country.name,
      full_name_english: country.name,
      ...(regions ? { available_regions: regions } : {}),
    };
  });
}

export const isKnownCountry = (id: string): boolean => COUNTRIES.some((country) => country.id === id);

export function regionName(countryId: string, regionId: number): { code: string; name: string } | undefined {
  return REGIONS[countryId]?.find((region) => region.id === String(regionId));
}
