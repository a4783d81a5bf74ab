/**
 * The payment step's other way to fulfil an order, in one place (fulfilment.ts): click & collect's
 * point, remembered as the shopper pays.
 */
import { collectWhenPaying } from '../collect/index.client.ts';
import type { FulfilmentAtPayment } from './fulfilment.ts';

export const OTHER_WAY_AT_PAYMENT: FulfilmentAtPayment = collectWhenPaying;
