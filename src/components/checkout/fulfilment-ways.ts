/**
 * The ways to fulfil an order besides delivery, in one place (fulfilment.ts): click & collect's.
 */
import { collectAtCheckout } from '../collect/index.client.ts';
import type { FulfilmentSlot } from './fulfilment.ts';

export const OTHER_WAY: FulfilmentSlot = collectAtCheckout;
