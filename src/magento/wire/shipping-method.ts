/**
 * Magento's `ShippingMethodInterface` (COMMERCE-BASICS.md §2.2) as `estimate-shipping-methods` answers it,
 * read by hand with no zod (the basket page reads it: DESIGN.md §5's 60 KB). Amounts are Magento's, in the
 * quote's currency; in this shop they are incl VAT (Magento's prices are, tax 0). An unavailable method
 * (a carrier's error rate) has no method code and `available: false`.
 */
import {
  asListOf,
  asNumber,
  asString,
  handReader,
  isRecord,
  type Reader,
} from '@cleaning-shop/kit/reader.ts';

export interface ShippingMethod {
  carrier_code: string;
  method_code: string | null;
  carrier_title: string;
  method_title: string;
  amount: number;
  available: boolean;
  [field: string]: unknown;
}

function readMethod(value: unknown): ShippingMethod | undefined {
  if (!isRecord(value)) return undefined;
  const carrier_code = asString(value['carrier_code']);
  const method_code = value['method_code'] === null ? null : asString(value['method_code']);
  const amount = asNumber(value['amount']);
  const available = value['available'];
  if (carrier_code === undefined || method_code === undefined || amount === undefined) return undefined;
  if (typeof available !== 'boolean') return undefined;
  return {
    ...value,
    carrier_code,
    method_code,
    carrier_title: asString(value['carrier_title']) ?? '',
    method_title: asString(value['method_title']) ?? '',
    amount,
    available,
  };
}

export const shippingMethodsReader: Reader<ShippingMethod[]> = handReader((value) =>
  asListOf(value, readMethod),
);

/** `carrier_method`, as a quote's shipping assignment names the method (`flatrate_flatrate`). */
export const methodKey = (method: { carrier_code: string; method_code: string | null }): string =>
  `${method.carrier_code}_${method.method_code ?? ''}`;
