/**
 * A negotiable quote's system states (NegotiableQuoteInterface::STATUS_*) and what the buyer's GraphQL
 * calls them (`NegotiableQuoteStatus`): the buyer's "Submitted" covers both a new request and one sent
 * back for review; "Pending" is the seller at work; "Updated" the seller's answer; "Open" the buyer at work.
 */
export const STATUS = {
  created: 'created',
  processingByCustomer: 'processing_by_customer',
  submittedByCustomer: 'submitted_by_customer',
  processingByAdmin: 'processing_by_admin',
  submittedByAdmin: 'submitted_by_admin',
  ordered: 'ordered',
  expired: 'expired',
  declined: 'declined',
  closed: 'closed',
} as const;
export type QuoteStatus = (typeof STATUS)[keyof typeof STATUS];

const BUYER_STATUS: Readonly<Record<string, string>> = {
  created: 'SUBMITTED',
  submitted_by_customer: 'SUBMITTED',
  processing_by_admin: 'PENDING',
  submitted_by_admin: 'UPDATED',
  processing_by_customer: 'OPEN',
  ordered: 'ORDERED',
  expired: 'EXPIRED',
  declined: 'DECLINED',
  closed: 'CLOSED',
};

export const buyerStatus = (status: string): string => BUYER_STATUS[status] ?? 'SUBMITTED';

/** States the buyer may change (quantities, items, addresses, the payment) or send back for review. */
export const BUYER_EDITABLE: readonly string[] = [STATUS.processingByCustomer, STATUS.submittedByAdmin];

/** States the seller may still answer. */
export const SELLER_EDITABLE: readonly string[] = [
  STATUS.created,
  STATUS.submittedByCustomer,
  STATUS.processingByAdmin,
];

/** States a quote can still expire from (not ordered, closed, declined or already expired). */
export const LIVE: readonly string[] = [...SELLER_EDITABLE, ...BUYER_EDITABLE];

/** States the buyer may close a quote in (closeNegotiableQuotes): any but ordered and closed. */
export const CLOSABLE: readonly string[] = [...LIVE, STATUS.expired, STATUS.declined];
