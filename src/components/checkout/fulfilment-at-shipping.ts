/**
 * The shipping step's other way to fulfil an order, in one place (fulfilment.ts): click & collect's
 * choice among the delivery methods. The payment step's part is fulfilment-at-payment.ts, a module of its
 * own so the payment step's chunk carries nothing of this choice.
 */
import { collectAtShipping } from '../collect/index.client.ts';
import type { FulfilmentAtShipping } from './fulfilment.ts';

export const OTHER_WAY_AT_SHIPPING: FulfilmentAtShipping = collectAtShipping;
