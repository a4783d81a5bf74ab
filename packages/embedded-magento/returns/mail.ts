/**
 * The module's three e-mails (view/frontend/email/rma_new_customer.html, rma_status_change_customer.html,
 * rma_new_admin.html) with their subjects and wording, as an HTML and a plain-text part each: no product
 * thumbnails (the module's only images) and nothing that tracks. Magento's header and footer templates
 * frame them: the store's name at the top, "Thank you, <store>" at the bottom.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import type { StoreContact, StoreMail } from '../email/message.ts';

/** What every template reads of the return (`getBaseTemplateVars()` and each e-mail's extras). */
export interface ReturnMailFacts {
  readonly store: StoreContact;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly incrementId: string;
  readonly orderNumber: string;
  readonly reasonLabel: string;
  readonly resolutionLabel: string;
  readonly items: readonly { name: string; sku: string; qty: number; condition: string }[];
}

/** A paragraph: text with the parts the template makes bold (`<strong>`). */
type Line = readonly (string | { readonly strong: string })[];

const lineHtml = (line: Line): string =>
  line
    .map((part) =>
      typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.strong)}</strong>`,
    )
    .join('');
const lineText = (line: Line): string =>
  line.map((part) => (typeof part === 'string' ? part : part.strong)).join('');

interface Body {
  readonly intro: readonly Line[];
  readonly details?: readonly (readonly [string, string])[];
  readonly items?: ReturnMailFacts['items'];
  readonly outro: readonly Line[];
}

function html(store: StoreContact, subject: string, body: Body): string {
  const details = (body.details ?? []).filter(([, value]) => value !== '');
  const items = body.items ?? [];
  const cell = 'style="text-align:left;padding:8px;border-bottom:1px solid #e3e3e3"';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#333">
<p style="font-size:20px;font-weight:bold">${escapeHtml(store.name)}</p>
${body.intro.map((line) => `<p>${lineHtml(line)}</p>`).join('\n')}
${details.length > 0 ? `<h3>RMA Details</h3>\n<ul>${details.map(([label, value]) => `<li><strong>${escapeHtml(label)}</strong> ${escapeHtml(value)}</li>`).join('')}</ul>` : ''}
${items.length > 0 ? `<h3>Items to Return</h3>\n<table style="width:100%;border-collapse:collapse"><thead><tr><th ${cell}>Product</th><th ${cell}>SKU</th><th ${cell}>Qty</th><th ${cell}>Condition</th></tr></thead><tbody>${items.map((item) => `<tr><td ${cell}>${escapeHtml(item.name)}</td><td ${cell}>${escapeHtml(item.sku)}</td><td ${cell}>${String(item.qty)}</td><td ${cell}>${escapeHtml(item.condition)}</td></tr>`).join('')}</tbody></table>` : ''}
${body.outro.map((line) => `<p>${lineHtml(line)}</p>`).join('\n')}
<p>Thank you, ${escapeHtml(store.name)}!</p>
</body></html>
`;
}

function text(store: StoreContact, body: Body): string {
  const details = (body.details ?? []).filter(([, value]) => value !== '');
  const items = body.items ?? [];
  return [
    store.name,
    '',
    ...body.intro.flatMap((line) => [lineText(line), '']),
    ...(details.length > 0 ? ['RMA Details', ...details.map(([l, v]) => `${l} ${v}`), ''] : []),
    ...(items.length > 0
      ? [
          'Items to Return',
          ...items.map(
            (i) => `${String(i.qty)} × ${i.name} (${i.sku})${i.condition ? `, ${i.condition}` : ''}`,
          ),
          '',
        ]
      : []),
    ...body.outro.flatMap((line) => [lineText(line), '']),
    `Thank you, ${store.name}!`,
    '',
  ].join('\n');
}

function mail(to: StoreMail['to'], store: StoreContact, subject: string, body: Body): StoreMail {
  return { to, subject, html: html(store, subject, body), text: text(store, body) };
}

const customerOutro = (store: StoreContact): Line[] => [
  ['You can check the status of your return request by logging into your account.'],
  [`If you have questions, you can email us at ${store.email}.`],
];

/** rma_new_customer.html: to the return's customer. */
export function newReturnCustomerMail(facts: ReturnMailFacts): StoreMail {
  const { store } = facts;
  return mail(
    { address: facts.customerEmail, name: facts.customerName },
    store,
    `Your RMA Request #${facts.incrementId} from ${store.name}`,
    {
      intro: [
        [`${facts.customerName},`],
        [
          'We have received your return request ',
          { strong: `#${facts.incrementId}` },
          ' for order ',
          { strong: `#${facts.orderNumber}` },
          '.',
        ],
        ['We will review your request and get back to you as soon as possible.'],
      ],
      details: [
        ['RMA Number:', facts.incrementId],
        ['Order Number:', facts.orderNumber],
        ['Reason:', facts.reasonLabel],
        ['Resolution:', facts.resolutionLabel],
      ],
      items: facts.items,
      outro: customerOutro(store),
    },
  );
}

/** rma_status_change_customer.html: to the return's customer, with the new status's label. */
export function statusChangeMail(facts: ReturnMailFacts, statusLabel: string): StoreMail {
  const { store } = facts;
  return mail(
    { address: facts.customerEmail, name: facts.customerName },
    store,
    `Update to your RMA Request #${facts.incrementId} from ${store.name}`,
    {
      intro: [
        [`${facts.customerName},`],
        [
          'Your return request ',
          { strong: `#${facts.incrementId}` },
          ' for order ',
          { strong: `#${facts.orderNumber}` },
          ' has been updated with a status of ',
          { strong: statusLabel },
          '.',
        ],
      ],
      outro: customerOutro(store),
    },
  );
}

/** rma_new_admin.html: to `rma/email/admin_notify_email`, named "Admin". */
export function newReturnAdminMail(facts: ReturnMailFacts, adminEmail: string): StoreMail {
  const { store } = facts;
  return mail({ address: adminEmail, name: 'Admin' }, store, `New RMA Request #${facts.incrementId}`, {
    intro: [['A new return request ', { strong: `#${facts.incrementId}` }, ' has been submitted.']],
    details: [
      ['RMA Number:', facts.incrementId],
      ['Order Number:', facts.orderNumber],
      ['Customer:', `${facts.customerName} (${facts.customerEmail})`],
      ['Store:', store.name],
      ['Reason:', facts.reasonLabel],
      ['Resolution:', facts.resolutionLabel],
    ],
    outro: [],
  });
}
