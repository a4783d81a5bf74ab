/** A signed-in customer's trade account state, as `GET /trade/status` answers it (issue 38). */
import { z } from '../../zod.ts';

export const TRADE_STATES = ['none', 'pending', 'trade'] as const;
export type TradeState = (typeof TRADE_STATES)[number];

export const tradeStatusAnswer = z.object({ state: z.enum(TRADE_STATES) });
