/**
 * What the customer's company role lets them do with quotes (`GET /negotiable-quotes/access`): see them,
 * which offers the ways to My quotes (My Account, the company page, the account menu), and ask for them.
 * Read with a hand-written check, not zod: a small answer the My Account and company pages ask on every
 * visit.
 */
import { asBoolean, handReader, isRecord } from '@cleaning-shop/kit/reader.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { rememberQuoteAccess } from './quotes-marker.ts';

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

/**
 * Never fails: a guest, a customer of no company, or an answer that cannot be read is offered nothing. An
 * answer read is remembered for the account menu (quotes-marker.ts).
 */
export async function readQuoteAccess(): Promise<QuoteAccess> {
  const access = await shopFetch('/negotiable-quotes/access', { schema: accessReader }).catch(
    () => undefined,
  );
  if (access) rememberQuoteAccess(access.view);
  return access ?? NONE;
}
