/**
 * The alert e-mails (view/frontend/email/stock_alert.html and price_alert.html with the grids of
 * templates/email/stock.phtml and price.phtml): one e-mail per customer and kind, listing every product
 * the run found due, each linked to its page with its price and its own unsubscribe link, and one link to
 * unsubscribe from every alert of the kind. The links are on the store's base URL (`web/secure/base_url`,
 * the storefront's address), as `Block\Email\AbstractEmail::getUrl` makes them: `productalert/unsubscribe/
 * stock/product/{id}/` and `productalert/unsubscribe/stockAll/`. An HTML and a plain-text part, no
 * pictures and nothing that tracks; the store's name on top and "Thank you" below, as the returns' e-mails.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import type { StoreContact, StoreMail } from '../email/message.ts';
import type { AlertKind } from './errors.ts';

/**
 * A product the e-mail lists: its id, name, page (by url key: a configurable's size, which has no page, by
 * its parent's, where Magento would link to `catalog/product/view/id/…`, which a headless shop has not) and
 * final price for the customer.
 */
export interface AlertedProduct {
  readonly id: number;
  readonly name: string;
  readonly urlKey: string | null;
  readonly price: number | undefined;
}

export interface AlertMailFacts {
  readonly kind: AlertKind;
  readonly store: StoreContact;
  /** The store's base URL without a trailing slash (the storefront's SITE_URL). */
  readonly storeUrl: string;
  readonly to: { readonly address: string; readonly name: string };
  readonly products: readonly AlertedProduct[];
}

const SUBJECT = { stock: 'Products back in stock alert', price: 'Products price changed alert' } as const;
const INTRO = {
  stock:
    'You are receiving this notification because you subscribed to receive alerts when the following products are back in stock:',
  price:
    'You are receiving this notification because you subscribed to receive alerts when the prices for the following products changed:',
} as const;
const ONE = 'Click here not to receive alerts for this product.';
const ALL = {
  stock: 'Unsubscribe from all stock alerts',
  price: 'Unsubscribe from all price alerts',
} as const;

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

interface Row {
  readonly name: string;
  readonly href: string;
  readonly price: string | undefined;
  readonly unsubscribe: string;
}

function rows(facts: AlertMailFacts): Row[] {
  const base = facts.storeUrl.replace(/\/+$/, '');
  return facts.products.map((product) => ({
    name: product.name,
    href: `${base}/${product.urlKey ?? ''}`,
    price: product.price === undefined ? undefined : `Price: ${gbp.format(product.price)}`,
    unsubscribe: `${base}/productalert/unsubscribe/${facts.kind}/product/${String(product.id)}/`,
  }));
}

export function alertMail(facts: AlertMailFacts): StoreMail {
  const subject = SUBJECT[facts.kind];
  const all = `${facts.storeUrl.replace(/\/+$/, '')}/productalert/unsubscribe/${facts.kind}All/`;
  const list = rows(facts);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#333">
<p style="font-size:20px;font-weight:bold">${escapeHtml(facts.store.name)}</p>
<p>${escapeHtml(facts.to.name)},</p>
<p>${escapeHtml(INTRO[facts.kind])}</p>
<table>${list
    .map(
      (row) =>
        `<tr><td><p><strong><a href="${escapeHtml(row.href)}">${escapeHtml(row.name)}</a></strong></p>${
          row.price ? `<p>${escapeHtml(row.price)}</p>` : ''
        }<p><small><a href="${escapeHtml(row.unsubscribe)}">${ONE}</a></small></p></td></tr>`,
    )
    .join('\n')}</table>
<p><a href="${escapeHtml(all)}">${ALL[facts.kind]}</a></p>
<p>Thank you, ${escapeHtml(facts.store.name)}!</p>
</body></html>
`;
  const text = [
    facts.store.name,
    '',
    `${facts.to.name},`,
    '',
    INTRO[facts.kind],
    '',
    ...list.flatMap((row) => [
      row.name,
      row.href,
      ...(row.price ? [row.price] : []),
      `${ONE} ${row.unsubscribe}`,
      '',
    ]),
    `${ALL[facts.kind]}: ${all}`,
    '',
    `Thank you, ${facts.store.name}!`,
    '',
  ].join('\n');
  return { to: facts.to, subject, html, text };
}
