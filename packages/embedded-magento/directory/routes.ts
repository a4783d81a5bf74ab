/** Directory: the countries the shop delivers to (anonymous, like Magento's `Magento_Directory`). */
import { errors } from '../errors.ts';
import type { Route } from '../http/route.ts';
import { listCountries } from './countries.ts';

export function directoryRoutes(): Route[] {
  return [
    { method: 'GET', path: '/V1/directory/countries', resource: 'anonymous', handle: () => listCountries() },
    {
      method: 'GET',
      path: '/V1/directory/countries/:countryId',
      resource: 'anonymous',
      handle: (request) => {
        const country = listCountries().find((c) => c.id === request.params['countryId']?.toUpperCase());
        if (!country) throw errors.countryNotAvailable();
        return country;
      },
    },
  ];
}
