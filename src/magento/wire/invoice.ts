/**
 * What the shop reads of a Magento invoice (`GET /V1/invoices/:id`, `GET /V1/invoices?searchCriteria…`) and
 * of the order it bills, to make a VAT invoice of it. Read from Magento's `Sales/Api/Data/InvoiceInterface.php`
 * and `InvoiceItemInterface.php` (with `LineItemInterface.php`: `order_item_id`, `qty`), and for the order's
 * extra fields `OrderInterface.php` (`customer_taxvat`), `OrderAddressInterface.php` (`vat_id`, `company`),
 * `OrderItemInterface.php` (`item_id`, `tax_percent`) and `OrderPaymentInterface.php` (`po_number`).
 *
 * Amounts are Magento's, in the order's currency. An invoice line carries no VAT rate: the order line it
 * bills (`order_item_id`) does. Every getter may be null on an invoice Magento made without that total.
 */
import { z } from './zod.ts';
import { customerOrderSchema, orderAddressSchema, orderLineSchema } from './order.ts';

const money = z.number().nullable().optional();
const text = z.string().nullable().optional();

/** An invoice line (`sales-data-invoice-item-interface`): what it bills of one order line. */
export const invoiceItemSchema = z
  .object({
    /** The order line it bills: its VAT rate, and whether it is a configurable's hidden child. */
    order_item_id: z.number(),
    sku: z.string(),
    name: text,
    /** How many of the order line this invoice bills. */
    qty: z.number(),
    /** Unit price excl tax, and incl tax. */
    price: money,
    price_incl_tax: money,
    /** `price × qty`, excl tax and incl tax, before any discount. */
    row_total: money,
    row_total_incl_tax: money,
    /** The line's tax, after its discount. */
    tax_amount: money,
    /** The line's discount, positive; incl tax where the store applies discounts to prices incl tax. */
    discount_amount: money,
    /** The tax part of that discount, when it was taken from a price incl tax (else 0). */
    discount_tax_compensation_amount: money,
  })
  .loose();
export type InvoiceItemWire = z.infer<typeof invoiceItemSchema>;

/** An invoice (`sales-data-invoice-interface`): its number, date, totals and lines. */
export const invoiceSchema = z
  .object({
    entity_id: z.number(),
    order_id: z.number(),
    /**
     * The invoice number the customer is told, with its leading zeros (and any store prefix).
     * @example "000000042"
     */
    increment_id: z.string(),
    /** When it was made: Magento's `YYYY-MM-DD HH:MM:SS` in UTC. */
    created_at: z.string(),
    /** 1 open, 2 paid, 3 cancelled (`Order\Invoice::STATE_*`). */
    state: z.number().nullable().optional(),
    order_currency_code: text,
    /** Lines excl tax, before discount. */
    subtotal: money,
    subtotal_incl_tax: money,
    /** Delivery excl tax, its tax, and incl tax. */
    shipping_amount: money,
    shipping_tax_amount: money,
    shipping_incl_tax: money,
    shipping_discount_tax_compensation_amount: money,
    /** The whole discount, lines and delivery, negative. */
    discount_amount: money,
    discount_description: text,
    discount_tax_compensation_amount: money,
    /** All the tax: lines and delivery. */
    tax_amount: money,
    grand_total: money,
    items: z.array(invoiceItemSchema),
  })
  .loose();
export type InvoiceWire = z.infer<typeof invoiceSchema>;

/** `GET /V1/invoices?searchCriteria…` (`InvoiceRepositoryInterface::getList`). */
export const invoiceSearchSchema = z
  .object({ items: z.array(invoiceSchema), total_count: z.number() })
  .loose();

/** An order line as the invoice needs it: its id (what `order_item_id` names) and its VAT rate. */
export const invoicedOrderLineSchema = orderLineSchema.extend({
  item_id: z.number(),
  /** The tax rate applied, in percent (20 for the UK standard rate; 0 where no tax is configured). */
  tax_percent: money,
});

/** An order address with what a VAT invoice names: the buyer's company and VAT number. */
export const invoicedOrderAddressSchema = orderAddressSchema.extend({
  /** The VAT number typed with the address, as the customer gave it (Magento keeps it unchecked). */
  vat_id: text,
});

/** The order an invoice bills, as the customer's order is read (order.ts) plus what the VAT invoice names. */
export const invoicedOrderSchema = customerOrderSchema.extend({
  customer_firstname: text,
  customer_lastname: text,
  /** The customer's own VAT number (`taxvat`), copied onto the order when it was placed. */
  customer_taxvat: text,
  items: z.array(invoicedOrderLineSchema).optional(),
  billing_address: invoicedOrderAddressSchema.nullable().optional(),
});
export type InvoicedOrderWire = z.infer<typeof invoicedOrderSchema>;
