/**
 * What the customer's company role lets them do with quotes (`GET /negotiable-quotes/access`): see them,
 * which offers the ways to My quotes (My Account, the company page, the account menu), and ask for them.
 * Read with a hand-written check, not zod: the account menu of every page asks it (DESIGN.md §4 keeps the
 * shell's script small).
 */
import { asBoolean, handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';

export interface QuoteAccess {
  /** The role may see the company's quotes (Magento_NegotiableQuote::view_quotes). */
  readonly view: boolean;
  /** The role may ask for quotes (Magento_NegotiableQuote::manage). */
  readonly request: boolean;
}

const NONE: QuoteAccess = { view: false, request: false };

const accessReader = handReader<QuoteAccess>((value) => {
  if (!isRecord(value)) return undefined;
  const view = asBoolean(value['view']);
  const request = asBoolean(value['request']);
  return view === undefined || request === undefined ? undefined : { view, request };
});

/** Never fails: a guest, a customer of no company, or an answer that cannot be read is offered nothing. */
export const readQuoteAccess = (): Promise<QuoteAccess> =>
  shopFetch('/negotiable-quotes/access', { schema: accessReader }).catch(() => NONE);
