/**
 * Magento's cart totals (CONTRACT.md §6.4) as the shopper's browser reads them (basket and payment pages):
 * checked by hand, with no zod, so the basket page loads no validation library (DESIGN.md §4, §5: 60 KB).
 * Only the fields the pages show are checked; the rest are kept as they came. The server's payment bridge
 * reads the same answer with the zod `totalsSchema` (cart.ts). Amounts are Magento's, never a browser's.
 */
import {
  asListOf,
  asNumber,
  asString,
  BAD,
  handReader,
  isRecord,
  optional,
  type Reader,
} from '@cleaning-shop/kit/reader.ts';

export interface TotalSegment {
  /** `subtotal`, `shipping`, `tax`, `grand_total`, … in collector order. */
  code: string;
  value?: number | null | undefined;
  [field: string]: unknown;
}

/**
 * For prices that include VAT, Magento gives `subtotal`, `shipping_amount` (and the `shipping` segment)
 * and the items' `price` and `row_total` excl VAT, with their `_incl_tax` twins beside them
 * (`CommonTaxCollector`); the readers below take the field that means what the shop shows.
 */
export interface Totals {
  /** Net of tax (CONTRACT.md §6.4): the real grand total is the `grand_total` segment (`grandTotal`). */
  grand_total: number;
  /** Excl VAT; `subtotal_incl_tax` beside it. */
  subtotal: number;
  subtotal_incl_tax?: number | null | undefined;
  /** Excl VAT; `shipping_incl_tax` beside it. */
  shipping_amount: number;
  shipping_incl_tax?: number | null | undefined;
  /** Negative; taken off prices incl VAT. */
  discount_amount?: number | null | undefined;
  items_qty?: number | null | undefined;
  total_segments?: TotalSegment[] | null | undefined;
  [field: string]: unknown;
}

function readSegment(value: unknown): TotalSegment | undefined {
  if (!isRecord(value)) return undefined;
  const code = asString(value['code']);
  const segmentValue = optional(value['value'], asNumber);
  if (code === undefined || segmentValue === BAD) return undefined;
  return { ...value, code, value: segmentValue };
}

const readSegments = (value: unknown): TotalSegment[] | undefined => asListOf(value, readSegment);

export const totalsReader: Reader<Totals> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const grand_total = asNumber(value['grand_total']);
  const subtotal = asNumber(value['subtotal']);
  const shipping_amount = asNumber(value['shipping_amount']);
  const subtotal_incl_tax = optional(value['subtotal_incl_tax'], asNumber);
  const shipping_incl_tax = optional(value['shipping_incl_tax'], asNumber);
  const discount_amount = optional(value['discount_amount'], asNumber);
  const items_qty = optional(value['items_qty'], asNumber);
  const total_segments = optional(value['total_segments'], readSegments);
  if (grand_total === undefined || subtotal === undefined || shipping_amount === undefined) return undefined;
  if (subtotal_incl_tax === BAD || shipping_incl_tax === BAD || discount_amount === BAD) return undefined;
  if (items_qty === BAD || total_segments === BAD) return undefined;
  return {
    ...value,
    grand_total,
    subtotal,
    subtotal_incl_tax,
    shipping_amount,
    shipping_incl_tax,
    discount_amount,
    items_qty,
    total_segments,
  };
});

/** What `grandTotal` needs: Magento's totals as either reader (this one, or cart.ts's zod schema) reads them. */
interface GrandTotalFields {
  grand_total: number;
  total_segments?: readonly { code: string; value?: number | null | undefined }[] | null | undefined;
}

/** The real grand total is the `grand_total` segment (the top-level field is net of tax: CONTRACT.md §6.4). */
export const grandTotal = (totals: GrandTotalFields): number =>
  totals.total_segments?.find((segment) => segment.code === 'grand_total')?.value ?? totals.grand_total;

/** A segment's title and value, as Magento titles it (`Discount (Welcome 10% off)`). */
export interface SegmentLine {
  readonly title: string;
  readonly value: number;
}

function segment(totals: Totals, code: string): SegmentLine | undefined {
  const found = totals.total_segments?.find((entry) => entry.code === code);
  if (!found || typeof found.value !== 'number') return undefined;
  return { title: typeof found['title'] === 'string' ? found['title'] : '', value: found.value };
}

/**
 * The discount as Magento's totals give it: the `discount` segment (negative, titled with the rule's label
 * or the code), present only when there is one (COMMERCE-BASICS.md §1.4).
 */
export const discountLine = (totals: Totals): SegmentLine | undefined => {
  const found = segment(totals, 'discount');
  return found && found.value !== 0 ? found : undefined;
};

/** What `deliveryInclVat` needs, as either reader reads the totals. */
interface DeliveryFields {
  shipping_amount: number;
  shipping_incl_tax?: number | null | undefined;
  total_segments?: readonly { code: string; value?: unknown }[] | null | undefined;
}

/**
 * Delivery as Magento charges it, incl VAT: `shipping_incl_tax` (the `shipping` segment's value and
 * `shipping_amount` are excl VAT). A Magento without the twin has no VAT on delivery: the segment, else
 * `shipping_amount`, is then what is charged.
 */
export function deliveryInclVat(totals: DeliveryFields): number {
  const value = totals.total_segments?.find((entry) => entry.code === 'shipping')?.value;
  return totals.shipping_incl_tax ?? (typeof value === 'number' ? value : totals.shipping_amount);
}

/** Delivery incl VAT (`deliveryInclVat`), titled as the `shipping` segment is. */
export const shippingLine = (totals: Totals): SegmentLine => ({
  title: segment(totals, 'shipping')?.title ?? '',
  value: deliveryInclVat(totals),
});

/** The subtotal incl VAT (`subtotal_incl_tax`; `subtotal` is excl VAT), as the basket's lines add up. */
export const subtotalInclVat = (totals: Totals): number => totals.subtotal_incl_tax ?? totals.subtotal;

/** The subtotal excl VAT: Magento's `subtotal`, when `subtotal_incl_tax` is beside it. */
export const subtotalExclVat = (totals: Totals): number | undefined =>
  totals.subtotal_incl_tax == null ? undefined : totals.subtotal;

/**
 * The delivery's name from the `shipping` segment's title, which Magento writes as `Shipping & Handling
 * (<carrier title> - <method title>)` once a method is set (COMMERCE-BASICS.md §2.5): the carrier title,
 * or '' before a method is chosen.
 */
export function deliveryName(totals: Totals): string {
  const title = shippingLine(totals).title;
  const inner = /\((.*)\)$/.exec(title)?.[1] ?? '';
  const dash = inner.lastIndexOf(' - ');
  return dash === -1 ? inner : inner.slice(0, dash);
}

/** The code Magento kept on the cart (omitted, or empty, when none applies). */
export const couponCode = (totals: Totals): string =>
  typeof totals['coupon_code'] === 'string' ? totals['coupon_code'] : '';

/**
 * The subtotal incl VAT after the discount (taken off prices incl VAT), what the free-delivery threshold
 * is compared with. Not Magento's `subtotal_with_discount`, which is the subtotal excl VAT less that
 * discount.
 */
export const subtotalInclVatAfterDiscount = (totals: Totals): number =>
  Math.round((subtotalInclVat(totals) + (totals.discount_amount ?? 0)) * 100) / 100;
