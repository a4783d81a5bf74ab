/**
 * The signed-in customer's data and their account's deletion, as the storefront server does them
 * (issue 41). Always the customer Magento names for the session's own token (`customers/me`): the browser
 * never names one. The export reads the account with that token, the orders with the integration (as the
 * orders pages do: Magento lets no customer token read orders), the wish list through GraphQL with the
 * token, and the shop's own records of the customer. Deletion checks the password again with Magento's
 * token call, removes the shop's own records, then the customer in Magento (`DELETE /V1/customers/:id`,
 * integration), which takes their addresses, basket, wish list and tokens with it and keeps their orders.
 */
import { shellTexts } from '../shell/index.ts';
import { z } from 'zod';
import { asShopper, MagentoApiError, magentoFetch, type IntegrationConfig } from '../../magento/client.ts';
import type { MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { customerSchema, type Customer } from '../../magento/wire/customer.ts';
import type { CustomerPayments } from '../../payments/views.ts';
import { SessionEnded } from '../../http/index.ts';
import { allOrders } from '../orders/index.server.ts';
import { readWishlist } from '../wishlist/index.server.ts';
import { readAlerts } from '../alerts/index.server.ts';
import { customerToken } from '../account/index.server.ts';
import type { MyData } from './my-data.ts';
import type { CustomerBookings } from '../service-booking/index.server.ts';
import type { GuaranteeRecords } from '../guarantee/index.server.ts';

/** The shop's own records of a customer: their payments by account, the sign-in count by address. */
export interface ShopRecordsOf {
  readonly payments: CustomerPayments;
  /** The sign-in throttle's count for the account (sign-in-throttle.ts). */
  accountFailures(email: string): Promise<number>;
  forgetAccount(email: string): Promise<void>;
  /** Their service bookings, where the shop takes them (issue 54). */
  readonly serviceBookings?: CustomerBookings;
  /** Their guarantee registrations (issue 54), where the shop keeps them. */
  readonly guarantees?: Pick<GuaranteeRecords, 'of' | 'forget'>;
}

export interface MyDataSources {
  /** Magento as the integration (orders, the deletion); customer calls carry the session's token. */
  readonly magento: IntegrationConfig;
  /** Magento's GraphQL, for what Open Source keeps behind it: the wish list and the stock and price alerts. */
  readonly graphql: MagentoGraphqlConfig;
  readonly records: ShopRecordsOf;
  readonly siteUrl: string;
}

/** The password given again is not the account's (or Magento holds the account locked). */
export class WrongPassword extends Error {
  constructor() {
    super("Magento refused the customer's password");
    this.name = 'WrongPassword';
  }
}

/** The customer whose token this is; SessionEnded when Magento ran the call as nobody. */
export async function customerOf(magento: IntegrationConfig, token: string): Promise<Customer> {
  try {
    return await magentoFetch(magento, { path: '/customers/me', schema: customerSchema, token });
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401)
      throw new SessionEnded(shellTexts.sessionEnded);
    throw error;
  }
}

/** Everything the shop holds about the session's customer, in Magento and itself. */
export async function gatherMyData(sources: MyDataSources, token: string): Promise<MyData> {
  const customer = await customerOf(sources.magento, token);
  const email = customer.email ?? '';
  const [orders, wishlist, alerts, payments, failedSignIns, serviceBookings, guaranteeRegistrations] =
    await Promise.all([
      allOrders(sources.magento, customer.id),
      readWishlist(sources.graphql, token),
      readAlerts(sources.graphql, token),
      sources.records.payments.of(customer.id),
      email ? sources.records.accountFailures(email) : Promise.resolve(0),
      sources.records.serviceBookings?.of(customer.id),
      sources.records.guarantees?.of(customer.id),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    shop: sources.siteUrl,
    account: customer,
    orders,
    wishlist: wishlist.items.map(({ sku, name }) => ({ sku, name })),
    alerts: [...alerts.stock, ...alerts.price].map(({ kind, sku, name, price, since, sent }) => ({
      kind,
      sku,
      name,
      ...(price === null ? {} : { price }),
      since,
      sent,
    })),
    shopRecords: {
      payments,
      failedSignIns,
      ...(serviceBookings ? { serviceBookings } : {}),
      ...(guaranteeRegistrations ? { guaranteeRegistrations } : {}),
    },
  };
}

/**
 * Whether this is the account's password, asked as a sign-in would (Magento's customer token call, as a
 * guest): WrongPassword when Magento refuses it. The token Magento gives goes with the customer's deletion.
 */
export async function checkPassword(
  magento: IntegrationConfig,
  email: string,
  password: string,
): Promise<void> {
  if ((await customerToken(asShopper(magento, undefined), email, password)) === undefined)
    throw new WrongPassword();
}

/**
 * Removes the shop's own records of the customer, then the customer in Magento. A customer Magento no
 * longer knows (deleted meanwhile) is gone already: that is not a failure.
 */
export async function deleteAccount(sources: MyDataSources, customer: Customer): Promise<void> {
  await sources.records.payments.forget(customer.id);
  await sources.records.serviceBookings?.forget(customer.id);
  await sources.records.guarantees?.forget(customer.id);
  const email = customer.email ?? '';
  if (email) await sources.records.forgetAccount(email);
  try {
    await magentoFetch(sources.magento, {
      method: 'DELETE',
      path: `/customers/${customer.id}`,
      schema: z.literal(true),
    });
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 404) return;
    throw error;
  }
}
