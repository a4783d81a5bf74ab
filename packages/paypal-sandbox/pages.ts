/**
 * The approval page a shopper sees at the payer-action link, and its message pages (expired, already
 * paid, not found). Plain HTML in British English, no script: one form whose four buttons post back to
 * the sandbox, a heading per page, the order summarised as a description list and a table of items.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { formatAmount } from '@cleaning-shop/kit/sandbox-pages.ts';
import type { Item } from './order-request.ts';
import { toPence } from './order-rules.ts';

export const STYLESHEET_PATH = '/checkoutnow/sandbox.css';

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – PayPal sandbox</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="banner"><p><strong>PayPal sandbox</strong>: a local stand-in for PayPal. No real money moves.</p></header>
<main id="main">
${main}
</main>
</body>
</html>
`;
}

const pence = (value: string): number => toPence(value) ?? 0;

function itemRows(items: readonly Item[], currency: string): string {
  if (items.length === 0) return '';
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td>${escapeHtml(item.quantity)}</td><td>${escapeHtml(formatAmount(pence(item.unit_amount.value) * Number(item.quantity), currency))}</td></tr>`,
    )
    .join('\n');
  return `<table class="items">
<caption>Items</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

export interface ApprovalPage {
  readonly brandName: string;
  readonly amount: string;
  readonly currency: string;
  readonly items: readonly Item[];
  /** Relative URL the form posts to. */
  readonly action: string;
  /** Whether Pay in 3 is offered for this amount; when not, the sentence saying why. */
  readonly payIn3: { readonly offered: true } | { readonly offered: false; readonly why: string };
  readonly payLabel: string;
}

export function approvalPage(page: ApprovalPage): string {
  const total = formatAmount(pence(page.amount), page.currency);
  const payIn3 = page.payIn3.offered
    ? `<button type="submit" name="choice" value="pay-in-3" class="secondary" aria-describedby="pay-in-3-hint">Pay in 3</button>`
    : '';
  const payIn3Hint = page.payIn3.offered
    ? `<p id="pay-in-3-hint" class="hint">Pay in 3: three interest-free payments of about ${escapeHtml(formatAmount(Math.round(pence(page.amount) / 3), page.currency))}.</p>`
    : `<p class="hint">${escapeHtml(page.payIn3.why)}</p>`;
  return layout(
    `Pay ${page.brandName}`,
    `<h1>Pay ${escapeHtml(page.brandName)}</h1>
<dl class="order">
<div><dt>Shop</dt><dd>${escapeHtml(page.brandName)}</dd></div>
<div><dt>Total</dt><dd class="amount">${escapeHtml(total)} <span class="currency">(${escapeHtml(page.currency)})</span></dd></div>
</dl>
${itemRows(page.items, page.currency)}
<form method="post" action="${escapeHtml(page.action)}">
<fieldset>
<legend>How would you like to pay?</legend>
${payIn3Hint}
<p class="hint" id="decline-hint">Decline approves with a card that the bank will refuse when the shop takes the payment.</p>
<div class="actions">
<button type="submit" name="choice" value="pay" class="primary">${escapeHtml(page.payLabel)}</button>
${payIn3}
<button type="submit" name="choice" value="decline" class="secondary" aria-describedby="decline-hint">Decline</button>
<button type="submit" name="choice" value="cancel" class="secondary">Cancel</button>
</div>
</fieldset>
</form>`,
  );
}

export interface MessagePage {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly link?: { readonly href: string; readonly text: string } | undefined;
}

export function messagePage(page: MessagePage): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const link = page.link
    ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>`
    : '';
  return layout(page.title, `<h1>${escapeHtml(page.title)}</h1>\n${paragraphs}\n${link}`);
}

/** The redirect's body back to the shop, for clients that do not follow a 303 by themselves. */
export const redirectBody = (href: string): string =>
  layout(
    'Returning to the merchant',
    `<h1>Returning to the merchant</h1>\n<p><a href="${escapeHtml(href)}">Continue</a></p>`,
  );

export const STYLESHEET = `:root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --accent: #003087; --line: #767676; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f5f7fa; }
.banner { background: #001c64; color: #fff; padding: 0.5rem 1rem; font-size: 0.9rem; }
.banner p { margin: 0; max-width: 36rem; margin-inline: auto; }
main { max-width: 36rem; margin: 1.5rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
.order { margin: 0 0 1rem; padding: 0.75rem 1rem; border: 1px solid #d0d4d9; border-radius: 0.375rem; }
.order div { display: flex; gap: 1rem; padding: 0.2rem 0; }
.order dt { min-width: 5rem; color: var(--muted); }
.order dd { margin: 0; }
.amount { font-weight: 700; font-size: 1.15rem; }
.currency { font-weight: 400; font-size: 0.9rem; color: var(--muted); }
.items { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
.items caption { text-align: left; font-weight: 700; padding-bottom: 0.25rem; }
.items th, .items td { text-align: left; padding: 0.25rem 0.5rem 0.25rem 0; border-bottom: 1px solid #e1e4e8; }
fieldset { border: 0; padding: 0; margin: 0; }
legend { font-weight: 700; font-size: 1.15rem; margin-bottom: 0.5rem; }
.hint { margin: 0.15rem 0 0.35rem; color: var(--muted); font-size: 0.9rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
button { font: inherit; font-weight: 700; padding: 0.6rem 1.25rem; border-radius: 1.5rem; cursor: pointer; border: 2px solid var(--accent); }
button.primary { background: #ffc439; border-color: #ffc439; color: #111; }
button.secondary { background: #fff; color: var(--accent); }
button:focus, a:focus { outline: 3px solid #ffbf47; outline-offset: 1px; }
a { color: var(--accent); }
`;
