/**
 * The mail catcher's pages: what was sent, newest first (to, subject, time), and one message with its
 * text, its HTML (framed from `/messages/:id/html`, sandboxed, under a CSP that loads nothing), its
 * attachments and its source. Plain HTML, no scripts.
 */
import type { CaughtMessage, CaughtSummary } from './db.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

const time = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

const STYLE = `body{font-family:system-ui,sans-serif;margin:24px;color:#1d1d1b}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 12px 6px 0;border-bottom:1px solid #ddd;vertical-align:top}
pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}iframe{width:100%;height:600px;border:1px solid #ccc}
.muted{color:#555}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** `GET /`: every message, newest first. */
export function listPage(messages: readonly CaughtSummary[], total: number): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.recipients.join(', '))}</td><td><a href="/view/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a>${m.attachments ? ` <span class="muted">(${m.attachments} attached)</span>` : ''}</td><td>${time(m.received_at)}</td></tr>`,
    )
    .join('\n');
  return layout(
    'Mail catcher',
    `<h1>Mail catcher</h1>
<p class="muted">Every e-mail the shop sent while no SMTP server is set (SMTP_URL): ${total} kept, none delivered. JSON: <a href="/messages">/messages</a>.</p>
${
  messages.length
    ? `<table><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Sent</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="/clear"><p><button>Delete every message</button></p></form>`
    : '<p>No e-mail yet.</p>'
}`,
  );
}

/** `GET /view/:id`: one message. */
export function messagePage(m: CaughtMessage): string {
  const attachments = m.attachmentList.length
    ? `<h2>Attachments</h2><ul>${m.attachmentList
        .map(
          (a) =>
            `<li><a href="/messages/${m.id}/attachments/${a.n}">${escapeHtml(a.filename)}</a> <span class="muted">${escapeHtml(a.content_type)}, ${a.size} bytes</span></li>`,
        )
        .join('')}</ul>`
    : '';
  return layout(
    m.subject || '(no subject)',
    `<p><a href="/">All messages</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<table><tbody>
<tr><th scope="row">From</th><td>${escapeHtml(m.sender)}</td></tr>
<tr><th scope="row">To</th><td>${escapeHtml(m.recipients.join(', '))}</td></tr>
<tr><th scope="row">Sent</th><td>${time(m.received_at)}</td></tr>
</tbody></table>
${m.html_part !== null ? `<h2>HTML</h2><iframe sandbox title="The message's HTML part" src="/messages/${m.id}/html"></iframe>` : ''}
${m.text_part !== null ? `<h2>Text</h2><pre>${escapeHtml(m.text_part)}</pre>` : ''}
${attachments}
<p><a href="/messages/${m.id}/raw">Source</a> · <a href="/messages/${m.id}">JSON</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('Not found', '<h1>No such message</h1><p><a href="/">All messages</a></p>');
}
