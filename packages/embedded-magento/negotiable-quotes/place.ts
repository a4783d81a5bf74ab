/**
 * `placeNegotiableQuoteOrder`: the order made from a quote the seller answered (UPDATED) and that has not
 * expired, at the offered prices and with the seller's delivery price, paid as the buyer chose (with one of
 * the company's B2B payment methods: `../carts/company-payment.ts`). Magento's
 * checks before an order (shipping address, method, billing address, payment, stock) refuse it in their
 * words after "Unable to place order: "; any other state of the quote is "currently locked". The quote is
 * then ORDERED, and the catalogue's prices are untouched: the negotiated ones live on the quote alone.
 */
import { z } from 'zod';
import { addressValidationMessages, quoteAddress } from '../carts/addresses.ts';
import { quoteById as cartById } from '../carts/carts.ts';
import { b2bMayUse } from '../carts/company-payment.ts';
import { storedPayment } from '../carts/payment.ts';
import { customerGroupOf } from '../carts/pricing.ts';
import { rateCode, rateDescription } from '../checkout/carriers.ts';
import { COMPANY_STATUS, companyUser } from '../company/index.ts';
import { sqlNumber } from '../db.ts';
import { errors, renderPhrase, type MagentoError } from '../errors.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { writeOrder } from '../orders/write.ts';
import { buyer, ownQuote } from './access.ts';
import { shippingView } from './checkout-nodes.ts';
import { customerName } from './people.ts';
import { quoteErrors } from './errors.ts';
import { quotePrices, type QuoteLine } from './pricing.ts';
import { addHistory, nowOf, setStatus, statusLog, type NegotiableRow } from './quotes.ts';
import { STATUS } from './status.ts';

const placeArgs = z.object({ input: z.object({ quote_uid: z.string().nullish() }).nullish() });

const refuse = (error: MagentoError) =>
  quoteErrors.placeFailed(renderPhrase(error.message, error.parameters));

const stockRow = z.object({ status: sqlNumber, qty: sqlNumber, is_in_stock: sqlNumber });

function checkStock(context: GraphQlContext, lines: readonly QuoteLine[]): void {
  for (const line of lines) {
    const product = context.db.get(
      stockRow,
      'SELECT status, qty, is_in_stock FROM products WHERE sku = ?',
      line.sku,
    );
    if (!product || product.status !== 1 || product.is_in_stock !== 1 || line.qty > product.qty)
      throw quoteErrors.placeFailed('Some of the products are out of stock');
  }
}

/**
 * What the order needs, checked in Magento's order: the chosen payment imported again (B2B's company check
 * among its checks; a refusal there is no validation error, so the resolver answers with its catch-all),
 * then QuoteValidator's rules, then stock.
 */
function orderable(context: GraphQlContext, row: NegotiableRow) {
  const payment = storedPayment(context.db, row.quote_id);
  if (payment && !b2bMayUse(context.checkout, payment.method)) throw quoteErrors.placeServerError();
  const shipping = quoteAddress(context.db, row.quote_id, 'shipping').data;
  const billing = quoteAddress(context.db, row.quote_id, 'billing').data;
  const shippingProblems = addressValidationMessages(shipping);
  if (shippingProblems.length > 0) throw refuse(errors.shippingAddressInvalid(shippingProblems));
  const delivery = shippingView(context, row);
  if (!delivery.rate) throw refuse(errors.shippingMethodMissing());
  const billingProblems = addressValidationMessages(billing);
  if (billingProblems.length > 0) throw refuse(errors.billingAddressInvalid(billingProblems));
  if (!payment) throw refuse(errors.invalidPaymentMethod());
  const prices = quotePrices(context.db, row);
  checkStock(context, prices.lines);
  return { payment, shipping, billing, delivery: { ...delivery, rate: delivery.rate }, prices };
}

function takeStock(context: GraphQlContext, lines: readonly QuoteLine[]): void {
  for (const line of lines)
    context.db.run(
      'UPDATE products SET qty = qty - ?, is_in_stock = CASE WHEN qty - ? <= 0 THEN 0 ELSE is_in_stock END WHERE sku = ?',
      line.qty,
      line.qty,
      line.sku,
    );
}

function writeQuoteOrder(
  context: GraphQlContext,
  row: NegotiableRow,
  ready: ReturnType<typeof orderable>,
  now: string,
) {
  const cart = cartById(context.db, row.quote_id, false);
  const person = customerName(context, row.customer_id);
  return writeOrder(context.db, {
    quoteId: row.quote_id,
    storeId: cart.store_id,
    customer: {
      id: row.customer_id,
      email: person.email,
      firstname: person.firstname,
      lastname: person.lastname,
    },
    lines: ready.prices.lines.map((line) => ({
      ...line,
      tax_rate: line.tax.taxPercent,
      child:
        line.product_type === 'configurable' && line.sold_id !== null
          ? { product_id: line.sold_id, sku: line.sku, name: line.name }
          : undefined,
    })),
    shippingAmount: ready.delivery.amount,
    shippingMethod: rateCode(ready.delivery.rate),
    shippingDescription: rateDescription(ready.delivery.rate),
    billing: ready.billing,
    shipping: ready.shipping,
    payment: { method: ready.payment.method, poNumber: ready.payment.po_number },
    customerGroupId: customerGroupOf(context.db, cart),
    createdAt: now,
    history: [{ status: 'pending', at: now }],
  });
}

export function placeQuoteOrder(args: unknown, context: GraphQlContext) {
  const uid = placeArgs.parse(args).input?.quote_uid;
  if (!uid) throw quoteErrors.missing('quote_uid');
  // A blocked company's user acts for no company, but Adobe names the block when they try to order.
  if (
    context.customerId !== undefined &&
    companyUser(context.db, context.customerId)?.companyStatus === COMPANY_STATUS.blocked
  )
    throw quoteErrors.companyBlocked();
  const user = buyer(context, 'checkout');
  return context.db.transaction(() => {
    const row = ownQuote(context, user, uid);
    if (row.status !== STATUS.submittedByAdmin) throw quoteErrors.locked(uid);
    const ready = orderable(context, row);
    const now = nowOf(context.store);
    const order = writeQuoteOrder(context, row, ready, now);
    takeStock(context, ready.prices.lines);
    context.db.run(
      'UPDATE quotes SET reserved_order_id = ?, updated_at = ? WHERE id = ?',
      order.incrementId,
      now,
      row.quote_id,
    );
    context.db.run(
      'UPDATE negotiable_quote SET order_id = ? WHERE quote_id = ?',
      order.orderId,
      row.quote_id,
    );
    setStatus(context.db, row.quote_id, STATUS.ordered, now);
    addHistory(context.db, row.quote_id, {
      by: 'buyer',
      authorId: user.customerId,
      status: STATUS.ordered,
      at: now,
      log: statusLog(row.status, STATUS.ordered),
    });
    return { order: { order_number: order.incrementId } };
  });
}
