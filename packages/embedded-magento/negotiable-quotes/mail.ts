/**
 * The e-mail Magento_NegotiableQuote sends the buyer when the seller answers a quote
 * (`sales_email/negotiable_quote/...`, "quote updated by seller"): the quote's name, that it was updated,
 * the seller's comment if any and the expiry, with the store's name on top and "Thank you" below, as the
 * store's other e-mails. An HTML and a plain-text part, no pictures and nothing that tracks.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import type { StoreContact, StoreMail } from '../email/message.ts';

export interface QuoteMailFacts {
  readonly store: StoreContact;
  readonly to: { readonly address: string; readonly name: string };
  readonly quoteName: string;
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
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#333">
<p style="font-size:20px;font-weight:bold">${escapeHtml(facts.store.name)}</p>
<p>${escapeHtml(facts.to.name)},</p>
<p>${escapeHtml(intro)}</p>
${facts.comment ? `<p>Seller's comment: ${escapeHtml(facts.comment)}</p>` : ''}
${expiry ? `<p>${escapeHtml(expiry)}</p>` : ''}
<p>Thank you, ${escapeHtml(facts.store.name)}!</p>
</body></html>
`;
  const text = [
    facts.store.name,
    '',
    `${facts.to.name},`,
    '',
    intro,
    ...(facts.comment ? ['', `Seller's comment: ${facts.comment}`] : []),
    ...(expiry ? ['', expiry] : []),
    '',
    `Thank you, ${facts.store.name}!`,
    '',
  ].join('\n');
  return { to: facts.to, subject, html, text };
}
