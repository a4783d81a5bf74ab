/**
 * `Customer.product_alerts`: the customer's stock and price alerts, oldest first, each with its product
 * (`ProductInterface`), the price a price alert keeps, the product's final price for the customer's group
 * now and the drop between them, and whether an e-mail went out. Adobe documents no list of a customer's
 * alerts; this is the shape magenxcommerce/module-product-alert-graph-ql gives Magento Open Source
 * (sdl.ts). The `customer` query (the wish-list part's) has refused a guest already.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import { productById, productView } from '../graphql/product.ts';
import { roundMoney } from '../money.ts';
import { customerAlerts, customerGroup, finalPriceFor, type AlertRow } from './alerts.ts';
import { alertErrors, type AlertKind } from './errors.ts';

function entry(context: GraphQlContext, kind: AlertKind, row: AlertRow, group: number) {
  const product = productById(context.db, row.product_id);
  const current =
    kind === 'price' && product ? finalPriceFor(context.db, context.store, product.id, group) : undefined;
  return {
    id: row.id,
    alert_type: kind === 'stock' ? 'STOCK' : 'PRICE',
    product: product ? productView(context.db, product, context.product) : null,
    price: kind === 'price' ? row.price : null,
    current_price: current ?? null,
    price_diff: current === undefined || row.price === null ? null : roundMoney(row.price - current),
    add_date: row.add_date,
    status: row.status === 1 ? 'SENT' : 'ACTIVE',
    status_changed_at: row.status === 1 ? row.sent_at : null,
  };
}

export function productAlerts(context: GraphQlContext) {
  const { customerId, db } = context;
  if (customerId === undefined) throw alertErrors.guest();
  const group = customerGroup(db, customerId);
  const list = (kind: AlertKind) =>
    customerAlerts(db, kind, customerId).map((row) => entry(context, kind, row, group));
  return { price_alerts: list('price'), stock_alerts: list('stock') };
}
