/**
 * Who a customer is to Magento, as the storefront server asks it: their token for their e-mail and password,
 * and the customer a session's token belongs to (for orders, trade and guarantees alike).
 */
import { z } from 'zod';
import { SessionEnded } from '../../http/index.ts';
import { magentoFetch, MagentoApiError, type MagentoClientConfig } from '../../magento/client.ts';
import { customerSchema, type Customer } from '../../magento/wire/customer.ts';
import { SESSION_ENDED } from '../../shop-api/problem.ts';

/**
 * A customer's token for their e-mail and password, as Magento's sign-in gives it
 * (`POST /V1/integration/customer/token`, asked as a guest). Sign-in keeps the token in the session;
 * "Delete my account" asks only to prove the password again. Undefined when Magento refuses the pair (it
 * answers 401 for a wrong one, 400 for a malformed one); any other failure is thrown.
 */
export async function customerToken(
  magento: MagentoClientConfig,
  email: string,
  password: string,
): Promise<string | undefined> {
  try {
    return await magentoFetch(magento, {
      method: 'POST',
      path: '/integration/customer/token',
      body: { username: email, password },
      schema: z.string().min(1),
    });
  } catch (error) {
    if (error instanceof MagentoApiError && (error.status === 401 || error.status === 400)) return undefined;
    throw error;
  }
}

/**
 * The customer whose token this is, as Magento gives them (`customers/me`): the only customer whose orders
 * and account the session may see. Throws `SessionEnded` when Magento no longer accepts the token.
 */
export async function sessionCustomer(
  magento: MagentoClientConfig,
  customerToken: string,
): Promise<Customer> {
  try {
    return await magentoFetch(magento, {
      path: '/customers/me',
      schema: customerSchema,
      token: customerToken,
    });
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401) throw new SessionEnded(SESSION_ENDED);
    throw error;
  }
}
