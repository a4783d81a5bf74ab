/**
 * What the storefront server's My machines routes answer (src/server/shopper/my-machines.ts): the customer's
 * machines as they now are. A hand reader, no zod: the store is imported by catalogue pages' islands.
 */
import { asListOf, asString, handReader, isRecord, type Reader } from '@cleaning-shop/kit/reader.ts';

export interface MyMachinesAnswer {
  /** Model names, oldest first, e.g. ["K 5", "WD 3"]. */
  machines: string[];
}

export const myMachinesAnswer: Reader<MyMachinesAnswer> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const machines = asListOf(value['machines'], asString);
  return machines ? { machines } : undefined;
});
