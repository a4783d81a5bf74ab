/**
 * The e-mail Magento_NegotiableQuote sends the buyer when the seller answers a quote
 * (`sales_email/negotiable_quote/...`, "quote updated by seller"): the quote's name, that it was updated,
 * the seller's comment if any and the expiry, laid out as the store's other letters (`../email/message.ts`),
 * with a link to the quote's page on the storefront (`/company/quotes/view?uid=<uid>`, on the store's base
 * URL, as the purchase orders' e-mails link theirs).
 */
import { storeLetter, type StoreContact, type StoreMail } from '../email/message.ts';

export interface QuoteMailFacts {
  readonly store: StoreContact;
  /** The store's base URL (the storefront's address). */
  readonly storeUrl: string;
  readonly to: { readonly address: string; readonly name: string };
  readonly quoteName: string;
  /** The quote's uid, as the buyer's GraphQL names it (the masked cart id). */
  readonly uid: string;
  readonly comment: string | undefined;
  /** The quote's expiry day (YYYY-MM-DD), if the seller set one. */
  readonly expires: string | null;
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

export function quoteUpdatedMail(facts: QuoteMailFacts): StoreMail {
  const subject = `${facts.store.name}: Quote "${facts.quoteName}" has been updated`;
  const intro = `The quote "${facts.quoteName}" has been updated by the seller. Sign in to your account to review it.`;
  const expiry = facts.expires ? `The quote expires on ${day(facts.expires)}.` : undefined;
  const comment = facts.comment ? [`Seller's comment: ${facts.comment}`] : [];
  const paragraphs = [intro, ...comment, ...(expiry ? [expiry] : [])];
  const href = `${facts.storeUrl.replace(/\/+$/, '')}/company/quotes/view?uid=${encodeURIComponent(facts.uid)}`;
  return storeLetter({
    store: facts.store,
    to: facts.to,
    subject,
    paragraphs,
    link: { href, text: `View quote "${facts.quoteName}"` },
  });
}
