/**
 * Adobe's product-alert calls (Storefront Compatibility Package 2.4.9): subscribe, unsubscribe and "is
 * subscribed" for a product by sku, and unsubscribe from every alert of a kind. Each refuses a guest first,
 * then a blank sku, then a sku no product has, in Adobe's words (`errors.ts`); the answers are
 * `{success, message}` and `{isSubscribed, message}`.
 */
import { z } from 'zod';
import type { GraphQlContext } from '../graphql/context.ts';
import { productBySku } from '../graphql/product.ts';
import {
  customerGroup,
  deleteAlert,
  deleteCustomerAlerts,
  findAlert,
  finalPriceFor,
  saveAlert,
} from './alerts.ts';
import { alertErrors, alertMessages, type AlertKind } from './errors.ts';

const skuArgs = z.object({ input: z.object({ sku: z.string() }) });

function customerOf(context: GraphQlContext): number {
  if (context.customerId === undefined) throw alertErrors.guest();
  return context.customerId;
}

/** The signed-in customer and the product the input names, or the call's refusal. */
function customerAndProduct(args: unknown, context: GraphQlContext) {
  const customerId = customerOf(context);
  const sku = skuArgs.parse(args).input.sku.trim();
  if (sku === '') throw alertErrors.skuMissing();
  const product = productBySku(context.db, sku);
  if (!product) throw alertErrors.noSuchProduct(sku);
  return { customerId, product };
}

const result = (message: string) => ({ success: true, message });

/**
 * Both kinds are on in this store (`catalog/productalert/allow_stock` and `allow_price`, off in a fresh
 * Magento: docs/magento.md).
 */
export function subscribe(kind: AlertKind) {
  return (args: unknown, context: GraphQlContext) => {
    const { customerId, product } = customerAndProduct(args, context);
    const { db } = context;
    db.transaction(() => {
      const price =
        kind === 'price'
          ? (finalPriceFor(db, context.store, product.id, customerGroup(db, customerId)) ?? product.price)
          : undefined;
      saveAlert(db, kind, { customerId, productId: product.id, ...(price === undefined ? {} : { price }) });
    });
    return result(alertMessages.saved);
  };
}

export const unsubscribe = (kind: AlertKind) => (args: unknown, context: GraphQlContext) => {
  const { customerId, product } = customerAndProduct(args, context);
  deleteAlert(context.db, kind, customerId, product.id);
  return result(alertMessages.saved);
};

export const unsubscribeAll = (kind: AlertKind) => (_args: unknown, context: GraphQlContext) => {
  deleteCustomerAlerts(context.db, kind, customerOf(context));
  return result(alertMessages.allRemoved(kind));
};

export const isSubscribed = (kind: AlertKind) => (args: unknown, context: GraphQlContext) => {
  const { customerId, product } = customerAndProduct(args, context);
  const subscribed = findAlert(context.db, kind, customerId, product.id) !== undefined;
  return {
    isSubscribed: subscribed,
    message: subscribed ? alertMessages.subscribed : alertMessages.notSubscribed,
  };
};
