/**
 * The product-alert resolvers' messages, word for word as Adobe documents them for its GraphQL
 * (`subscribeProductAlertStock` and the seven calls beside it: ../../../docs/magento.md, "Stock and price
 * alerts"), with the category of the exception each one is (`../graphql/errors.ts`; Adobe documents none).
 * An unknown sku is refused in the words of Adobe's current pages for all six calls naming one; its older
 * pages said "Unable to subscribe to price alert. No such entity." for each, the stock alert's included.
 */
import { authorizationError, inputError, noSuchEntityError } from '../graphql/errors.ts';

export type AlertKind = 'stock' | 'price';

export const alertErrors = {
  guest: () => authorizationError('Customer is not logged in.'),
  skuMissing: () => inputError('Required parameter "sku" is missing.'),
  noSuchProduct: (sku: string) => noSuchEntityError(`Product with SKU "${sku}" does not exist.`),
};

export const alertMessages = {
  saved: 'You saved the alert subscription.',
  allRemoved: (kind: AlertKind) => `You will no longer receive ${kind} alerts.`,
  subscribed: 'You are already subscribed to this product.',
  notSubscribed: 'You are not subscribed to this product.',
};
