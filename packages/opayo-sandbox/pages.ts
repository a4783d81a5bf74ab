/**
 * The hosted pages the shopper sees: the card form, the 3-D Secure challenge and the message pages
 * (5006, finished, timed out, not found). Plain HTML that works without script, every field labelled with
 * its hint and error tied to it (`aria-describedby`, `aria-invalid`), an error summary linking to the
 * fields, and one same-origin stylesheet, so a strict Content-Security-Policy holds.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { formatAmount } from '@cleaning-shop/kit/sandbox-pages.ts';
import type { CardEntry, CardField } from './cards.ts';

export const STYLESHEET_PATH = '/gateway/service/sandbox.css';

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Opayo sandbox</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="banner"><p><strong>Opayo sandbox</strong>: a local test gateway. No real card is ever charged.</p></header>
<main id="main">
${main}
</main>
</body>
</html>
`;
}

export interface Order {
  readonly vendor: string;
  readonly description: string;
  readonly amountPence: number;
  readonly currency: string;
}

function orderSummary(order: Order): string {
  return `<dl class="order">
<div><dt>Paying</dt><dd>${escapeHtml(order.vendor)}</dd></div>
<div><dt>For</dt><dd>${escapeHtml(order.description)}</dd></div>
<div><dt>Amount</dt><dd class="amount">${escapeHtml(formatAmount(order.amountPence, order.currency))} <span class="currency">(${escapeHtml(order.currency)})</span></dd></div>
</dl>`;
}

interface FieldSpec {
  readonly key: CardField;
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly hint: string;
  readonly attributes: string;
}

/** The card form's fields; `name` is what the POST carries. Labels are exactly the issue's words. */
export const CARD_FIELDS: readonly FieldSpec[] = [
  {
    key: 'cardNumber',
    id: 'card-number',
    name: 'CardNumber',
    label: 'Card number',
    hint: 'The long number on the front of the card.',
    attributes: 'inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"',
  },
  {
    key: 'expiryDate',
    id: 'expiry-date',
    name: 'ExpiryDate',
    label: 'Expiry date',
    hint: 'Month and year as 4 digits (MMYY), for example 0130.',
    attributes: 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" class="short"',
  },
  {
    key: 'securityCode',
    id: 'security-code',
    name: 'SecurityCode',
    label: 'Security code',
    hint: 'The last 3 digits on the back of the card (4 digits on the front of an American Express card).',
    attributes: 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" class="short"',
  },
  {
    key: 'cardHolder',
    id: 'name-on-card',
    name: 'CardHolder',
    label: 'Name on card',
    hint: 'Exactly as it is shown on the card.',
    attributes: 'autocomplete="cc-name" maxlength="50" spellcheck="false"',
  },
];

function errorSummary(items: readonly { id: string; message: string }[], note?: string): string {
  if (items.length === 0) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">There is a problem</h2>
${note ? `<p>${escapeHtml(note)}</p>\n` : ''}<ul>
${items.map((item) => `<li><a href="#${item.id}">${escapeHtml(item.message)}</a></li>`).join('\n')}
</ul>
</div>`;
}

function field(spec: FieldSpec, value: string, error: string | undefined): string {
  const describedBy = [`${spec.id}-hint`, ...(error ? [`${spec.id}-error`] : [])].join(' ');
  return `<div class="field${error ? ' field-error' : ''}">
<label for="${spec.id}">${spec.label}</label>
<p class="hint" id="${spec.id}-hint">${escapeHtml(spec.hint)}</p>
${error ? `<p class="error-message" id="${spec.id}-error"><span class="visually-hidden">Error: </span>${escapeHtml(error)}</p>\n` : ''}<input id="${spec.id}" name="${spec.name}" type="text" ${spec.attributes} required aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''} value="${escapeHtml(value)}">
</div>`;
}

const TEST_CARD_HELP = `<details class="test-cards">
<summary>Test cards for this sandbox</summary>
<table>
<caption>Use any future expiry date. Security code 123 (American Express: 1234).</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">Card</th><th scope="col">Result</th></tr></thead>
<tbody>
<tr><td>4929 0000 0000 6</td><td>Visa</td><td>Authorised</td></tr>
<tr><td>4462 0000 0000 0003</td><td>Visa Debit</td><td>Authorised</td></tr>
<tr><td>5404 0000 0000 0001</td><td>Mastercard</td><td>Authorised</td></tr>
<tr><td>3742 0000 0000 004</td><td>American Express</td><td>Authorised</td></tr>
<tr><td>4000 0000 0000 0002</td><td>Visa</td><td>Declined by the bank</td></tr>
</tbody>
</table>
<p>Billing address 88 with postcode 412 gives a full AVS match. Name on card CHALLENGE asks for a 3-D Secure code; NOTAUTH fails 3-D Secure.</p>
</details>`;

export interface CardPage {
  readonly action: string;
  readonly order: Order;
  readonly values?: Partial<CardEntry>;
  readonly errors?: Readonly<Partial<Record<CardField, string>>>;
  /** Attempts left after a failed one. */
  readonly attemptsLeft?: number;
}

export function cardPage(page: CardPage): string {
  const errors = page.errors ?? {};
  const items = CARD_FIELDS.flatMap((spec) => {
    const message = errors[spec.key];
    return message ? [{ id: spec.id, message }] : [];
  });
  const note =
    page.attemptsLeft === undefined
      ? undefined
      : `The card was not accepted. ${page.attemptsLeft === 1 ? '1 attempt is' : `${page.attemptsLeft} attempts are`} left before the payment is rejected.`;
  const title = `${items.length > 0 ? 'Error: ' : ''}Pay ${formatAmount(page.order.amountPence, page.order.currency)}`;
  return layout(
    title,
    `<h1>Pay by card</h1>
${orderSummary(page.order)}
${errorSummary(items, note)}
<form method="post" action="${escapeHtml(page.action)}" class="card-form">
${CARD_FIELDS.map((spec) => field(spec, spec.key === 'securityCode' ? '' : (page.values?.[spec.key] ?? ''), errors[spec.key])).join('\n')}
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">Pay now</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>
${TEST_CARD_HELP}`,
  );
}

export interface ChallengePage {
  readonly action: string;
  readonly order: Order;
  readonly last4: string;
}

export function challengePage(page: ChallengePage): string {
  return layout(
    'Confirm it is you',
    `<h1>Confirm it is you</h1>
<p>Your bank wants to check this payment with the card ending ${escapeHtml(page.last4)}.</p>
${orderSummary(page.order)}
<form method="post" action="${escapeHtml(page.action)}">
<div class="field">
<label for="authentication-code">Authentication code</label>
<p class="hint" id="authentication-code-hint">Sandbox: type the word challenge to pass 3-D Secure; anything else fails it.</p>
<input id="authentication-code" name="Code" type="text" autocomplete="one-time-code" spellcheck="false" required aria-describedby="authentication-code-hint" class="short">
</div>
<div class="actions">
<button type="submit" name="action" value="authenticate" class="primary">Confirm</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

export interface MessagePage {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly link?: { readonly href: string; readonly text: string };
  /** A gateway error line such as `5006 : …`, shown as such. */
  readonly code?: string;
}

export function messagePage(page: MessagePage): string {
  return layout(
    page.title,
    `<h1>${escapeHtml(page.title)}</h1>
${page.code ? `<p class="gateway-error">${escapeHtml(page.code)}</p>\n` : ''}${page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${page.link ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>` : ''}`,
  );
}

/** The redirect's body, for clients that do not follow a 303 by themselves. */
export const redirectBody = (href: string): string =>
  layout(
    'Returning to the shop',
    `<h1>Returning to the shop</h1>\n<p><a href="${escapeHtml(href)}">Continue to the shop</a></p>`,
  );

export const STYLESHEET = `:root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --accent: #0b57a4; --error: #b00020; --line: #767676; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f4f5f7; }
.banner { background: #1f2933; color: #fff; padding: 0.5rem 1rem; font-size: 0.9rem; }
.banner p { margin: 0; max-width: 36rem; margin-inline: auto; }
main { max-width: 36rem; margin: 1.5rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
.order { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border: 1px solid #d0d4d9; border-radius: 0.375rem; }
.order div { display: flex; gap: 1rem; padding: 0.2rem 0; }
.order dt { min-width: 5rem; color: var(--muted); }
.order dd { margin: 0; }
.amount { font-weight: 700; font-size: 1.15rem; }
.currency { font-weight: 400; font-size: 0.9rem; color: var(--muted); }
.field { margin-bottom: 1.25rem; }
.field-error { border-left: 4px solid var(--error); padding-left: 0.75rem; }
label { display: block; font-weight: 700; }
.hint { margin: 0.15rem 0 0.35rem; color: var(--muted); font-size: 0.9rem; }
.error-message { margin: 0.15rem 0 0.35rem; color: var(--error); font-weight: 700; }
input { width: 100%; padding: 0.5rem; font: inherit; border: 2px solid var(--line); border-radius: 0.25rem; }
input.short { max-width: 9rem; }
input[aria-invalid="true"] { border-color: var(--error); }
input:focus, button:focus, a:focus, summary:focus { outline: 3px solid #ffbf47; outline-offset: 1px; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; font-weight: 700; padding: 0.6rem 1.25rem; border-radius: 0.25rem; cursor: pointer; border: 2px solid var(--accent); }
button.primary { background: var(--accent); color: #fff; }
button.secondary { background: #fff; color: var(--accent); }
.error-summary { border: 4px solid var(--error); padding: 0.75rem 1rem; margin-bottom: 1.5rem; }
.error-summary h2 { margin: 0 0 0.5rem; font-size: 1.2rem; }
.error-summary a { color: var(--error); font-weight: 700; }
.gateway-error { font-family: ui-monospace, monospace; background: #fdecee; border-left: 4px solid var(--error); padding: 0.5rem 0.75rem; }
.test-cards { margin-top: 2rem; font-size: 0.9rem; color: var(--muted); }
.test-cards table { border-collapse: collapse; margin-top: 0.5rem; }
.test-cards caption { text-align: left; padding-bottom: 0.25rem; }
.test-cards th, .test-cards td { text-align: left; padding: 0.2rem 0.75rem 0.2rem 0; }
a { color: var(--accent); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
