/**
 * An order as invoicing reads it: Magento's `Order` and `Order\Item` figures, taken from the order as it
 * serializes (`orders/serialize.ts`, `orders/items.ts`: its prices, taxes and discounts, so an invoice never
 * works out VAT a second way), with what earlier invoices took of it (`invoiced.ts`).
 */
import type { Database } from '../db.ts';
import {
  invoicedItems,
  invoicedTotals,
  NOTHING_INVOICED,
  type ItemInvoiced,
  type OrderInvoiced,
} from './invoiced.ts';
import { orderItemRow, serializeOrderItem } from '../orders/items.ts';
import {
  orderAddressRow,
  orderHeader,
  orderRow,
  type OrderAddressRow,
  type OrderRow,
} from '../orders/serialize.ts';

export interface InvoicingItem {
  readonly itemId: number;
  /** Set on a configurable's child item, which Magento's `isDummy()` is: its parent carries the price. */
  readonly parentItemId: number | null;
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly qtyOrdered: number;
  readonly qtyCanceled: number;
  readonly price: number;
  readonly priceInclTax: number;
  readonly rowTotal: number;
  readonly rowTotalInclTax: number;
  readonly taxAmount: number;
  readonly discountTaxCompensation: number;
  /** Positive. */
  readonly discountAmount: number;
  readonly invoiced: ItemInvoiced;
}

export interface InvoicingOrder {
  readonly row: OrderRow;
  readonly billing: OrderAddressRow | undefined;
  readonly shipping: OrderAddressRow | undefined;
  readonly subtotal: number;
  readonly taxAmount: number;
  readonly discountTaxCompensation: number;
  readonly shippingAmount: number;
  readonly shippingInclTax: number;
  readonly shippingTaxAmount: number;
  /** Positive. */
  readonly shippingDiscountAmount: number;
  readonly shippingDiscountTaxCompensation: number;
  readonly items: readonly InvoicingItem[];
  /** Undefined before the first invoice. */
  readonly invoiced: OrderInvoiced | undefined;
}

/** The header's figures are read, never its currency codes, so any store's settings serve. */
const FIGURES_ONLY = { currency: '', timezone: 'UTC' };

/** The order with its items and what was invoiced of them; undefined when there is no such order. */
export function invoicingOrder(db: Database, orderId: number): InvoicingOrder | undefined {
  const row = db.get(orderRow, 'SELECT * FROM orders WHERE entity_id = ?', orderId);
  if (!row) return undefined;
  const addresses = db.all(orderAddressRow, 'SELECT * FROM order_addresses WHERE parent_id = ?', orderId);
  const billing = addresses.find((address) => address.address_type === 'billing');
  const shipping = addresses.find((address) => address.address_type === 'shipping');
  const invoiced = invoicedTotals(db, orderId);
  const header = orderHeader(row, FIGURES_ONLY, billing, 0, invoiced);
  const sums = invoicedItems(db, orderId);
  const items = db
    .all(orderItemRow, 'SELECT * FROM order_items WHERE order_id = ? ORDER BY item_id', orderId)
    .map((item): InvoicingItem => {
      const wire = serializeOrderItem(row, item, undefined, (id) => sums.get(id) ?? NOTHING_INVOICED);
      const itemInvoiced = sums.get(item.item_id) ?? NOTHING_INVOICED;
      return {
        itemId: item.item_id,
        parentItemId: item.parent_item_id,
        productId: item.product_id,
        sku: wire.sku,
        name: wire.name,
        qtyOrdered: wire.qty_ordered,
        // `Order::registerCancellation()` cancels whatever was not invoiced; the order keeps no count of it.
        qtyCanceled: row.state === 'canceled' ? Math.max(wire.qty_ordered - itemInvoiced.qty, 0) : 0,
        price: wire.price,
        priceInclTax: wire.price_incl_tax,
        rowTotal: wire.row_total,
        rowTotalInclTax: wire.row_total_incl_tax,
        taxAmount: wire.tax_amount,
        discountTaxCompensation: wire.discount_tax_compensation_amount ?? 0,
        discountAmount: wire.discount_amount,
        invoiced: itemInvoiced,
      };
    });
  return {
    row,
    billing,
    shipping,
    subtotal: header.subtotal,
    taxAmount: header.tax_amount,
    discountTaxCompensation: header.discount_tax_compensation_amount,
    shippingAmount: header.shipping_amount,
    shippingInclTax: header.shipping_incl_tax,
    shippingTaxAmount: header.shipping_tax_amount,
    shippingDiscountAmount: header.shipping_discount_amount,
    shippingDiscountTaxCompensation: header.shipping_discount_tax_compensation_amount,
    items,
    invoiced,
  };
}
