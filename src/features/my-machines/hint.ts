/**
 * How many machines the shopper keeps, as far as this browser knows without asking anyone: the guest's list in
 * localStorage, or the customer's count last read in this browser session (sessionStorage, as the header's
 * counts are). Synchronous and tiny, for a page deciding at once whether to make room for "Fits your K 5" or to
 * load My machines at all; the store (store.ts) keeps the customer's count up to date.
 */
import { customerMachinesCount } from './count.ts';
import { guestMachinesToCarry } from './guest.ts';

/** The machines the shopper keeps, by count; undefined for a customer whose count this session has not read. */
export const knownMachineCount = (signedIn: boolean): number | undefined =>
  signedIn ? customerMachinesCount.recall() : guestMachinesToCarry().length;
