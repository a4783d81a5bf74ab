/**
 * What the mail catcher caught: one SQLite file (node:sqlite) holding each message as parsed (from, to,
 * subject, both parts) with its raw source and its attachments, so a restart keeps what was sent. Rows
 * are parsed with zod when read back.
 */
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { preparePrivateFile } from '@cleaning-shop/kit/private-files.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT, received_at INTEGER NOT NULL, message_id TEXT,
  sender TEXT NOT NULL, recipients TEXT NOT NULL, subject TEXT NOT NULL,
  text_part TEXT, html_part TEXT, size INTEGER NOT NULL, raw BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS attachments (
  message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE, n INTEGER NOT NULL,
  filename TEXT NOT NULL, content_type TEXT NOT NULL, content BLOB NOT NULL, PRIMARY KEY (message_id, n)
);
`;

export interface CaughtAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

/** A message as the catcher received it. */
export interface NewCaughtMessage {
  readonly messageId: string | undefined;
  readonly from: string;
  /** Every envelope recipient (RCPT TO), Bcc included. */
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string | undefined;
  readonly html: string | undefined;
  readonly raw: Uint8Array;
  readonly attachments: readonly CaughtAttachment[];
}

const summaryRow = z.object({
  id: z.number(),
  received_at: z.number(),
  sender: z.string(),
  recipients: z.string().transform((json) => z.array(z.string()).parse(JSON.parse(json))),
  subject: z.string(),
  size: z.number(),
  attachments: z.number(),
});

const messageRow = summaryRow.extend({
  message_id: z.string().nullable(),
  text_part: z.string().nullable(),
  html_part: z.string().nullable(),
});

const attachmentRow = z.object({
  n: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
});

const contentRow = z.object({
  filename: z.string(),
  content_type: z.string(),
  content: z.instanceof(Uint8Array),
});

const rawRow = z.object({ raw: z.instanceof(Uint8Array) });

export type CaughtSummary = z.infer<typeof summaryRow>;
export type CaughtMessage = z.infer<typeof messageRow> & {
  readonly attachmentList: z.infer<typeof attachmentRow>[];
};

const SUMMARY = `SELECT m.id, m.received_at, m.sender, m.recipients, m.subject, m.size,
  (SELECT COUNT(*) FROM attachments a WHERE a.message_id = m.id) AS attachments FROM messages m`;

export class CaughtMail {
  private readonly db: DatabaseSync;

  constructor(file: string) {
    preparePrivateFile(file);
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    this.db.exec(SCHEMA);
  }

  add(message: NewCaughtMessage, receivedAt: number): number {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO messages (received_at, message_id, sender, recipients, subject, text_part, html_part, size, raw)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        receivedAt,
        message.messageId ?? null,
        message.from,
        JSON.stringify(message.to),
        message.subject,
        message.text ?? null,
        message.html ?? null,
        message.raw.byteLength,
        message.raw,
      );
    const id = Number(lastInsertRowid);
    const insert = this.db.prepare(
      'INSERT INTO attachments (message_id, n, filename, content_type, content) VALUES (?, ?, ?, ?, ?)',
    );
    message.attachments.forEach((a, n) => insert.run(id, n + 1, a.filename, a.contentType, a.content));
    return id;
  }

  /** Newest first; `to` keeps those sent to that address (any case). */
  list(options: { to?: string | undefined; limit: number }): CaughtSummary[] {
    const rows = options.to
      ? this.db
          .prepare(
            `${SUMMARY} WHERE EXISTS (SELECT 1 FROM json_each(m.recipients) r WHERE lower(r.value) = lower(?))
             ORDER BY m.id DESC LIMIT ?`,
          )
          .all(options.to, options.limit)
      : this.db.prepare(`${SUMMARY} ORDER BY m.id DESC LIMIT ?`).all(options.limit);
    return rows.map((row) => summaryRow.parse(row));
  }

  count(): number {
    return z.object({ n: z.number() }).parse(this.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).n;
  }

  get(id: number): CaughtMessage | undefined {
    const row = this.db
      .prepare(
        `SELECT m.id, m.received_at, m.sender, m.recipients, m.subject, m.size, m.message_id, m.text_part,
           m.html_part, (SELECT COUNT(*) FROM attachments a WHERE a.message_id = m.id) AS attachments
         FROM messages m WHERE m.id = ?`,
      )
      .get(id);
    if (!row) return undefined;
    const attachmentList = this.db
      .prepare(
        'SELECT n, filename, content_type, length(content) AS size FROM attachments WHERE message_id = ? ORDER BY n',
      )
      .all(id)
      .map((a) => attachmentRow.parse(a));
    return { ...messageRow.parse(row), attachmentList };
  }

  attachment(id: number, n: number): z.infer<typeof contentRow> | undefined {
    const row = this.db
      .prepare('SELECT filename, content_type, content FROM attachments WHERE message_id = ? AND n = ?')
      .get(id, n);
    return row && contentRow.parse(row);
  }

  raw(id: number): Uint8Array | undefined {
    const row = this.db.prepare('SELECT raw FROM messages WHERE id = ?').get(id);
    return row && rawRow.parse(row).raw;
  }

  clear(): void {
    this.db.exec('DELETE FROM attachments; DELETE FROM messages;');
  }

  close(): void {
    this.db.close();
  }
}
