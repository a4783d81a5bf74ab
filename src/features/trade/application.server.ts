/**
 * Sending a trade account application to Magento (issue 38). Only the integration may set a customer's
 * group (`AccountManagementApi::validateCustomerRequest` refuses `group_id` from anyone without
 * `Magento_Customer::manage`), so the storefront server does it, after checking the application as the
 * form does (`application.ts`):
 * - a new customer is created with the integration token, in the "Trade (pending)" group, with `taxvat` and
 *   the company address as both default addresses; Magento's refusals (the e-mail is taken, the password
 *   is weak) come back as its messages;
 * - a signed-in customer is read with the session's own token and saved back whole by the integration,
 *   moved to the pending group with the company address added. One whose account is already pending or
 *   approved is told so and nothing changes.
 */
import { magentoFetch, type IntegrationConfig } from '../../magento/client.ts';
import { customerSchema, type Customer } from '../../magento/wire/customer.ts';
import { sessionCustomer } from '../account/index.server.ts';
import { newTradeCustomer, tradeApplicant, type Application, type BusinessDetails } from './application.ts';
import type { TradeGroups } from './trade-groups.server.ts';

export type ApplicationOutcome = 'applied' | 'already-pending' | 'already-trade';

/** Creates the applicant's account in the pending group; Magento's refusal throws as MagentoApiError. */
export async function applyAsNewCustomer(
  magento: IntegrationConfig,
  groups: TradeGroups,
  application: Application,
): Promise<Customer> {
  return magentoFetch(magento, {
    path: '/customers',
    method: 'POST',
    body: newTradeCustomer(application, groups.pending),
    schema: customerSchema,
  });
}

/**
 * Moves the session's customer to the pending group, unless the account is pending or approved already;
 * the outcome with the customer (whose confirmation the route queues when it is `applied`).
 */
export async function applyAsCustomer(
  magento: IntegrationConfig,
  groups: TradeGroups,
  token: string,
  business: BusinessDetails,
): Promise<{ outcome: ApplicationOutcome; customer: Customer }> {
  const customer = await sessionCustomer(magento, token);
  if (customer.group_id === groups.trade) return { outcome: 'already-trade', customer };
  if (customer.group_id === groups.pending) return { outcome: 'already-pending', customer };
  const saved = await magentoFetch(magento, {
    path: `/customers/${customer.id}`,
    method: 'PUT',
    body: { customer: tradeApplicant(customer, business, groups.pending) },
    schema: customerSchema,
  });
  return { outcome: 'applied', customer: saved };
}
