/**
 * Magento's cart totals (CONTRACT.md §6.4) as the shopper's browser reads them (basket and payment pages):
 * checked by hand, with no zod, so the basket page loads no validation library (DESIGN.md §4, §5: 60 KB).
 * Only the fields the pages show are checked; the rest are kept as they came. The server's payment bridge
 * reads the same answer with the zod `totalsSchema` (cart.ts). Amounts are Magento's, never a browser's.
 */
import { asListOf, asNumber, asString, BAD, handReader, isRecord, optional, type Reader } from './reader.ts';

export interface TotalSegment {
  /** `subtotal`, `shipping`, `tax`, `grand_total`, … in collector order. */
  code: string;
  value?: number | null | undefined;
  [field: string]: unknown;
}

export interface Totals {
  /** Net of tax (CONTRACT.md §6.4): the real grand total is the `grand_total` segment (`grandTotal`). */
  grand_total: number;
  subtotal: number;
  shipping_amount: number;
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
  const items_qty = optional(value['items_qty'], asNumber);
  const total_segments = optional(value['total_segments'], readSegments);
  if (grand_total === undefined || subtotal === undefined || shipping_amount === undefined) return undefined;
  if (items_qty === BAD || total_segments === BAD) return undefined;
  return { ...value, grand_total, subtotal, shipping_amount, items_qty, total_segments };
});

/** What `grandTotal` needs: Magento's totals as either reader (this one, or cart.ts's zod schema) reads them. */
interface GrandTotalFields {
  grand_total: number;
  total_segments?: readonly { code: string; value?: number | null | undefined }[] | null | undefined;
}

/** The real grand total is the `grand_total` segment (the top-level field is net of tax: CONTRACT.md §6.4). */
export const grandTotal = (totals: GrandTotalFields): number =>
  totals.total_segments?.find((segment) => segment.code === 'grand_total')?.value ?? totals.grand_total;
