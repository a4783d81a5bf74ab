/**
 * Who may read the day's bookings: whoever holds a Magento admin or integration token allowed
 * `Magento_Customer::customer` (Customers > All Customers, the ACL resource that guards customers' data:
 * bookings hold names, addresses and phones). The storefront keeps no merchant accounts of its own: it asks
 * Magento with the token, by one cheap call behind that resource (`GET /V1/customers/search`, one row).
 *
 * Magento answers a token it does not know and a token lacking the resource alike (401, "The consumer isn't
 * authorized to access %resources."), so a refused token is asked once more as a customer's
 * (`customers/me`): a customer's token is a real token without the resource (403); anything else is no
 * token at all (401). An admin user or integration whose role lacks the resource is also answered 401,
 * Magento saying no more about it.
 */
import { z } from 'zod';
import { asShopper, MagentoApiError, magentoFetch, type MagentoClientConfig } from '../../magento/client.ts';

export const MERCHANT_RESOURCE = 'Magento_Customer::customer';

export type MerchantAccess = 'allowed' | 'no-token' | 'not-allowed';

/** The bearer token of an `Authorization` header, when it holds one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

const refused = (error: unknown): boolean => error instanceof MagentoApiError && error.status === 401;

/** Whether `token` may read customers' data, as Magento says. Throws when Magento cannot be asked. */
export async function merchantAccess(magento: MagentoClientConfig, token: string): Promise<MerchantAccess> {
  const config = asShopper(magento, undefined);
  try {
    await magentoFetch(config, {
      path: '/customers/search?searchCriteria[pageSize]=1',
      schema: z.looseObject({}),
      token,
    });
    return 'allowed';
  } catch (error) {
    if (!refused(error)) throw error;
  }
  try {
    await magentoFetch(config, { path: '/customers/me', schema: z.looseObject({}), token });
    return 'not-allowed';
  } catch (error) {
    if (refused(error)) return 'no-token';
    throw error;
  }
}
