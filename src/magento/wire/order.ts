/** What the shop reads of a Magento order, and the order id `payment-information` answers. */
import { z } from './zod.ts';
import { quoteAddressSchema } from './address.ts';

/** The order id from payment-information: documented int, seen as a numeric string (§1.4.7). */
export const orderIdSchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/).transform(Number),
]);

export const orderSchema = z
  .object({
    entity_id: z.number(),
    /**
     * The order number the customer is told, a string with its leading zeros (and any store prefix).
     * @example "000000123"
     */
    increment_id: z.string().nullable().optional(),
    status: z.string().nullable().optional(),
    grand_total: z.number().nullable().optional(),
    base_grand_total: z.number().nullable().optional(),
  })
  .loose();

/**
 * `GET /V1/orders` (`OrderRepositoryInterface::getList`): the page of orders and how many match. The bridge
 * reads only which order belongs to a quote, its status and total.
 */
export const orderSearchSchema = z
  .object({
    items: z.array(orderSchema.extend({ quote_id: orderIdSchema.nullable().optional() })),
    total_count: z.number(),
  })
  .loose();

const money = z.number().nullable().optional();
const text = z.string().nullable().optional();

/** An order line (`sales-data-order-item-interface`): children of configurable and bundle rows name a parent. */
export const orderLineSchema = z
  .object({
    sku: z.string(),
    name: text,
    qty_ordered: money,
    price: money,
    price_incl_tax: money,
    row_total: money,
    row_total_incl_tax: money,
    parent_item_id: z.number().nullable().optional(),
    /** `configurable` for a configurable's line (its sku is the chosen child's, its name the parent's). */
    product_type: text,
    /** A configurable line's choice: the attribute ids and option ids it was added with (ids, no labels). */
    product_option: z
      .object({
        extension_attributes: z
          .object({
            configurable_item_options: z
              .array(
                z
                  .object({
                    option_id: z.union([z.string(), z.number()]).transform(String),
                    option_value: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
                  })
                  .loose(),
              )
              .nullable()
              .optional(),
          })
          .loose()
          .nullable()
          .optional(),
      })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();

/** An order address (`sales-data-order-address-interface`): flat region, as on a quote. */
export const orderAddressSchema = quoteAddressSchema.extend({ company: text });

/**
 * A customer's order as the account pages and the guest lookup read it (COVERAGE.md row 28, CONTRACT.md
 * §5.10): the fields they show, and the ones that say whose it is. Amounts are Magento's numbers; `_incl_tax`
 * twins may be absent on older orders.
 */
export const customerOrderSchema = z
  .object({
    entity_id: z.number(),
    increment_id: z.string(),
    created_at: z.string(),
    status: text,
    state: text,
    customer_id: z.number().nullable().optional(),
    customer_email: text,
    order_currency_code: text,
    grand_total: money,
    subtotal: money,
    subtotal_incl_tax: money,
    shipping_amount: money,
    shipping_incl_tax: money,
    tax_amount: money,
    discount_amount: money,
    /** The rule's label or the coupon code, as Magento's order totals title the discount: `Discount (%1)`. */
    discount_description: text,
    total_qty_ordered: money,
    shipping_description: text,
    items: z.array(orderLineSchema).optional(),
    billing_address: orderAddressSchema.nullable().optional(),
    /** How it was paid; `po_number`: the buyer's purchase-order reference (`purchaseorder`, issue 38). */
    payment: z.object({ method: text, po_number: text }).loose().nullable().optional(),
    extension_attributes: z
      .object({
        shipping_assignments: z
          .array(
            z
              .object({
                shipping: z
                  .object({ address: orderAddressSchema.nullable().optional() })
                  .loose()
                  .nullable()
                  .optional(),
              })
              .loose(),
          )
          .nullable()
          .optional(),
        payment_additional_info: z
          .array(z.object({ key: z.string(), value: z.string().nullable().optional() }).loose())
          .nullable()
          .optional(),
        /** MSI's in-store pickup: the pickup location (source) code an order is collected from. @example "shop" */
        pickup_location_code: text,
        /** MSI's in-store pickup: 1 once staff said it is ready (`notify-orders-are-ready-for-pickup`). */
        notification_sent: z.number().nullable().optional(),
        /** MSI's in-store pickup: 1 once the "ready for pickup" e-mail is due (set by the notify call; sent later). */
        send_notification: z.number().nullable().optional(),
      })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();
export type CustomerOrderWire = z.infer<typeof customerOrderSchema>;

/** `GET /V1/orders` for a customer's orders: the page, and how many there are in all. */
export const customerOrdersSchema = z
  .object({ items: z.array(customerOrderSchema), total_count: z.number() })
  .loose();
