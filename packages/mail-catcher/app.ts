/**
 * The mail catcher's HTTP side: the page of sent mail and a JSON API tests read (shapes after Mailpit's,
 * smaller):
 *
 * - `GET /messages?to=&limit=` → `{total, count, messages: [{id, from, to, subject, receivedAt, size,
 *   attachments}]}`, newest first; `to` keeps those sent to that address.
 * - `GET /messages/:id` → `{id, messageId, from, to, subject, receivedAt, size, text, html,
 *   attachments: [{n, filename, contentType, size, url}]}`; 404 `{message}` for an unknown id.
 * - `GET /messages/:id/html` (sandboxed, loads nothing), `/raw` (the source), `/attachments/:n` (download).
 * - `DELETE /messages` → 204, every message gone (`POST /clear` from the page).
 * - `GET /` the list page, `GET /view/:id` one message.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CaughtMail, CaughtMessage, CaughtSummary } from './db.ts';
import { listPage, messagePage, notFoundPage } from './pages.ts';

/** The pages: own styles only, frames from here only, nothing else loads. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'";
/** A message's HTML: its inline styles and data: images, no script, no request anywhere, sandboxed. */
const MESSAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox";

const idParam = z.coerce.number().int().positive();
const listQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

const summary = (m: CaughtSummary) => ({
  id: m.id,
  from: m.sender,
  to: m.recipients,
  subject: m.subject,
  receivedAt: new Date(m.received_at).toISOString(),
  size: m.size,
  attachments: m.attachments,
});

const detail = (m: CaughtMessage) => ({
  ...summary(m),
  messageId: m.message_id,
  text: m.text_part,
  html: m.html_part,
  attachments: m.attachmentList.map((a) => ({
    n: a.n,
    filename: a.filename,
    contentType: a.content_type,
    size: a.size,
    url: `/messages/${m.id}/attachments/${a.n}`,
  })),
});

function page(c: Context, html: string, status: 200 | 404 = 200): Response {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  return c.html(html, status);
}

/** `:id` as a message, or undefined (an id that is no number or no message). */
function messageOf(mail: CaughtMail, c: Context): CaughtMessage | undefined {
  const id = idParam.safeParse(c.req.param('id'));
  return id.success ? mail.get(id.data) : undefined;
}

const noSuchMessage = (c: Context) =>
  c.json({ message: `No message ${c.req.param('id')}: GET /messages lists those kept.` }, 404);

export function catcherRoutes(mail: CaughtMail): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.get('/', (c) => page(c, listPage(mail.list({ limit: 500 }), mail.count())));
  app.post('/clear', (c) => {
    mail.clear();
    return c.redirect('/', 303);
  });
  app.get('/view/:id', (c) => {
    const m = messageOf(mail, c);
    return m ? page(c, messagePage(m)) : page(c, notFoundPage(), 404);
  });
  app.get('/messages', (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success)
      return c.json({ message: 'Use ?to=<an address>&limit=<1 to 1000>, or no query at all.' }, 400);
    const messages = mail.list(query.data);
    return c.json({ total: mail.count(), count: messages.length, messages: messages.map(summary) });
  });
  app.delete('/messages', (c) => {
    mail.clear();
    return c.body(null, 204);
  });
  app.get('/messages/:id', (c) => {
    const m = messageOf(mail, c);
    return m ? c.json(detail(m)) : noSuchMessage(c);
  });
  app.get('/messages/:id/html', (c) => {
    const m = messageOf(mail, c);
    if (!m || m.html_part === null) return noSuchMessage(c);
    c.header('Content-Security-Policy', MESSAGE_CSP);
    return c.html(m.html_part);
  });
  app.get('/messages/:id/raw', (c) => {
    const id = idParam.safeParse(c.req.param('id'));
    const raw = id.success ? mail.raw(id.data) : undefined;
    if (!raw) return noSuchMessage(c);
    return c.body(Buffer.from(raw).toString('utf8'), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  });
  app.get('/messages/:id/attachments/:n', (c) => {
    const id = idParam.safeParse(c.req.param('id'));
    const n = idParam.safeParse(c.req.param('n'));
    const file = id.success && n.success ? mail.attachment(id.data, n.data) : undefined;
    if (!file)
      return c.json({ message: `No attachment ${c.req.param('n')} on message ${c.req.param('id')}.` }, 404);
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': file.content_type,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    });
  });
  return app;
}
