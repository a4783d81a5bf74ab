/**
 * The store's e-mails as every module sends them (Magento_Email): who a message goes to and what it
 * says, and the store as its e-mails name it. The returns module's (returns/mail.ts) and in-store
 * pickup's "ready for pickup" (inventory/notify.ts) are written by their modules and sent by one mailer
 * (mailer.ts).
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

/** Who a message goes to and what it says. */
export interface StoreMail {
  readonly to: { readonly address: string; readonly name: string };
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The store as its e-mails name it: `general/store_information/name` and the general contact. */
export interface StoreContact {
  readonly name: string;
  readonly email: string;
}

/** The store's name and general contact when none is configured (the shop's SHOP_NAME and SHOP_EMAIL defaults). */
export const DEFAULT_STORE_CONTACT: StoreContact = { name: 'Clearwater Cleaning', email: 'shop@example.com' };

/** What a plain letter from the store says: paragraphs, then a link if any. */
export interface StoreLetter {
  readonly store: StoreContact;
  readonly to: StoreMail['to'];
  readonly subject: string;
  readonly paragraphs: readonly string[];
  readonly link?: { readonly href: string; readonly text: string } | undefined;
}

/**
 * A letter as the store's e-mails are laid out: the store's name on top, the addressee, the paragraphs,
 * the link, "Thank you" below; an HTML and a plain-text part, no pictures and nothing that tracks.
 */
export function storeLetter(letter: StoreLetter): StoreMail {
  const { store, to, subject, paragraphs, link } = letter;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#333">
<p style="font-size:20px;font-weight:bold">${escapeHtml(store.name)}</p>
<p>${escapeHtml(to.name)},</p>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>\n` : ''}<p>Thank you, ${escapeHtml(store.name)}!</p>
</body></html>
`;
  const text = [
    store.name,
    '',
    `${to.name},`,
    ...paragraphs.flatMap((line) => ['', line]),
    ...(link ? ['', `${link.text}: ${link.href}`] : []),
    '',
    `Thank you, ${store.name}!`,
    '',
  ].join('\n');
  return { to, subject, html, text };
}
