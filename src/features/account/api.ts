/**
 * The account islands' calls through the storefront's `/rest` proxy (it attaches the customer's token
 * from the HttpOnly cookie). A 401 on a customer call means the session is over: the marker is dropped.
 */
import { sessionExpired } from './session.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { customerSchema, type Customer } from '../../magento/wire/customer.ts';
import { countriesSchema, type Country } from '../../magento/wire/directory.ts';

const ME = '/rest/V1/customers/me';

/** A customer call: a 401 means the session is over, and the signed-in marker is dropped. */
export async function asCustomer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

export const fetchCustomer = (): Promise<Customer> =>
  asCustomer(() => shopFetch(ME, { schema: customerSchema }));

export const saveCustomer = (customer: Customer): Promise<Customer> =>
  asCustomer(() => shopFetch(ME, { method: 'PUT', body: { customer }, schema: customerSchema }));

export const createCustomer = (body: unknown): Promise<Customer> =>
  shopFetch('/rest/V1/customers', { method: 'POST', body, schema: customerSchema });

let countries: Promise<Country[]> | undefined;

/** The shop's countries (for resolving typed country names), read once per page. */
export function fetchCountries(): Promise<Country[]> {
  countries ??= shopFetch('/rest/V1/directory/countries', { schema: countriesSchema }).catch(
    (error: unknown) => {
      countries = undefined;
      throw error;
    },
  );
  return countries;
}
