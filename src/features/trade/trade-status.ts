/**
 * The signed-in customer's trade state as the storefront server reads it from Magento (`GET /trade/status`):
 * remembered as the trade marker (trade-marker.ts) each time it is read. Answers undefined when it cannot be
 * had (signed out, the shop unreachable): the marker is then left as it was, except after a 401, when the
 * session is over. Read again at sign-in (`tradeSignIn`): the marker the pages' prices follow.
 */
import { handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import type { SignInHooks } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { forgetTrade, rememberTradeState } from './trade-marker.ts';

export type TradeState = 'none' | 'pending' | 'trade';

const statusReply = handReader((value): TradeState | undefined => {
  const state = isRecord(value) ? value['state'] : undefined;
  return state === 'none' || state === 'pending' || state === 'trade' ? state : undefined;
});

export async function readTradeStatus(): Promise<TradeState | undefined> {
  try {
    const state = await shopFetch('/trade/status', { schema: statusReply });
    rememberTradeState(state);
    return state;
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) forgetTrade();
    return undefined;
  }
}

/** Trade's part of signing in (account/session.ts): whether the customer is Trade; never fails the sign-in. */
export const tradeSignIn: SignInHooks = { refresh: readTradeStatus };
