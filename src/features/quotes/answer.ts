/**
 * A negotiable quote as the storefront shows it to a company buyer (issue 68): its lines at the quoted
 * prices beside the catalogue price they were quoted at, the delivery price, the total, the negotiation's
 * history and comments, and what the buyer may do now. Pure: the server maps Magento's answer to it
 * (quotes.server.ts) and the pages read it.
 */
export type QuoteStatus =
  'SUBMITTED' | 'PENDING' | 'UPDATED' | 'OPEN' | 'ORDERED' | 'CLOSED' | 'DECLINED' | 'EXPIRED';

export interface QuoteLine {
  readonly uid: string;
  readonly sku: string;
  readonly name: string;
  readonly href: string | null;
  readonly quantity: number;
  /** The unit price quoted, incl VAT. */
  readonly price: number;
  /** The catalogue's unit price when the quote was asked for, incl VAT. */
  readonly catalogue: number;
  readonly rowTotal: number;
}

export interface QuoteEvent {
  readonly at: string | null;
  readonly by: string;
  /** The status the change led to, if it changed it. */
  readonly status: QuoteStatus | null;
  readonly comment: string | null;
  readonly total: number | null;
  readonly expires: string | null;
}

export interface QuoteSummary {
  readonly uid: string;
  readonly name: string;
  readonly status: QuoteStatus;
  readonly updatedAt: string | null;
  readonly quantity: number;
  readonly total: number | null;
}

export interface Quote extends QuoteSummary {
  readonly lines: readonly QuoteLine[];
  readonly subtotal: number | null;
  /** The delivery price the seller quoted (the chosen method's, once one is chosen); null until priced. */
  readonly delivery: number | null;
  /** The day the quoted prices end (YYYY-MM-DD), as the seller last set it. */
  readonly expires: string | null;
  readonly history: readonly QuoteEvent[];
}

/** The buyer may change quantities and ask again: the seller answered, or the buyer opened it again. */
export const mayChange = (quote: Pick<Quote, 'status'>): boolean =>
  quote.status === 'UPDATED' || quote.status === 'OPEN';

/** The buyer may order at the quoted prices: the seller answered and it has not expired. */
export const mayOrder = (quote: Pick<Quote, 'status'>): boolean => quote.status === 'UPDATED';

/** The expiry the history last set. */
export const latestExpiry = (history: readonly QuoteEvent[]): string | null =>
  history.reduce<string | null>((kept, event) => event.expires ?? kept, null);
