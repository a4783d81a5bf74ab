/**
 * A negotiable quote as the buyer's GraphQL answers it (`NegotiableQuote`): its lines at the offered prices
 * (`CartItemInterface`), its totals (`CartPrices`), the comments and history of the negotiation, the buyer,
 * and what checkout needs (addresses, the delivery method with the negotiated delivery price, payment).
 * Fields that cost a query are functions, so graphql-js runs them only when selected.
 */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { productById, productView } from '../graphql/product.ts';
import { encodeUid } from './uid.ts';
import { quoteAddresses, selectedPayment, shippingView } from './checkout-nodes.ts';
import { quotePrices, quoteTaxes, type QuoteLine } from './pricing.ts';
import type { NegotiableRow } from './quotes.ts';
import { buyerStatus } from './status.ts';
import { historyView } from './history-nodes.ts';
import { customerName, money, sellerName } from './people.ts';

const ITEM_TYPE: Readonly<Record<string, string>> = {
  configurable: 'ConfigurableCartItem',
  virtual: 'VirtualCartItem',
};

function itemView(context: GraphQlContext, line: QuoteLine) {
  const product = productById(context.db, line.product_id);
  return {
    __typename: ITEM_TYPE[line.product_type] ?? 'SimpleCartItem',
    uid: encodeUid(line.item_id),
    quantity: line.qty,
    product: product ? productView(context.db, product, context.product) : null,
    prices: {
      price: money(context, line.tax.price),
      price_including_tax: money(context, line.price),
      row_total: money(context, line.tax.rowTotal),
      row_total_including_tax: money(context, line.tax.rowTotalInclTax),
      original_item_price: money(context, line.original_price),
      original_row_total: money(context, Math.round(line.original_price * line.qty * 100) / 100),
    },
  };
}

const commentRow = z.object({
  entity_id: sqlNumber,
  creator_type: sqlNumber,
  creator_id: sqlNumber,
  comment: z.string(),
  created_at: z.string(),
});

function commentsView(context: GraphQlContext, quoteId: number) {
  return context.db
    .all(commentRow, 'SELECT * FROM negotiable_quote_comment WHERE parent_id = ? ORDER BY entity_id', quoteId)
    .map((row) => ({
      uid: encodeUid(row.entity_id),
      created_at: row.created_at,
      creator_type: row.creator_type === 2 ? 'SELLER' : 'BUYER',
      author: row.creator_type === 2 ? sellerName(context) : customerName(context, row.creator_id),
      text: row.comment,
    }));
}

/**
 * The delivery the quote's totals hold: the chosen method's (at the seller's price), or, before the buyer
 * chooses one, the delivery price the seller quoted, which the order then charges whatever the method
 * (shippingView). Adobe's NegotiableQuote has no delivery field of its own, so until a method is chosen its
 * grand total is where the buyer reads the seller's delivery price.
 */
const deliveryInTotals = (shipping: ReturnType<typeof shippingView>, row: NegotiableRow): number =>
  shipping.rate ? shipping.amount : (row.shipping_price ?? 0);

function pricesView(context: GraphQlContext, row: NegotiableRow) {
  const prices = quotePrices(context.db, row);
  const delivery = deliveryInTotals(shippingView(context, row), row);
  const taxed = quoteTaxes(prices, delivery);
  return {
    subtotal_excluding_tax: money(context, taxed.subtotal),
    subtotal_including_tax: money(context, taxed.subtotalInclTax),
    subtotal_with_discount_excluding_tax: money(context, taxed.subtotal),
    grand_total: money(context, Math.round((taxed.subtotalInclTax + delivery) * 100) / 100),
  };
}

export function quoteView(context: GraphQlContext, row: NegotiableRow) {
  const buyer = customerName(context, row.customer_id);
  const addresses = () => quoteAddresses(context, row);
  return {
    uid: row.uid,
    name: row.quote_name,
    status: buyerStatus(row.status),
    created_at: row.created_at,
    updated_at: row.updated_at,
    email: buyer.email,
    buyer: { firstname: buyer.firstname, lastname: buyer.lastname },
    is_virtual: false,
    total_quantity: () => quotePrices(context.db, row).quantity,
    items: () => quotePrices(context.db, row).lines.map((line) => itemView(context, line)),
    prices: () => pricesView(context, row),
    comments: () => commentsView(context, row.quote_id),
    history: () => historyView(context, row.quote_id),
    shipping_addresses: () => addresses().shipping,
    billing_address: () => addresses().billing,
    available_payment_methods: () => addresses().payments(),
    selected_payment_method: () => selectedPayment(context, row),
  };
}
