/**
 * A queued message as the outbox's table keeps it: JSON, with each attachment's bytes in base64, parsed
 * with zod when read back, so a row another version of the shop wrote (or a hand's edit) fails with its
 * key and field named instead of sending something half-made.
 */
import { z } from 'zod';
import type { MailAttachment, OutgoingMail } from './outbox.ts';

const storedAttachment = z.object({
  filename: z.string().min(1),
  contentType: z.string().min(1),
  /** The bytes, base64. */
  base64: z.base64(),
});

const storedMailSchema = z.object({
  to: z.string().min(3),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(storedAttachment).optional(),
});

type StoredMail = z.infer<typeof storedMailSchema>;

const bytesOf = (content: MailAttachment['content']): Buffer =>
  typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);

/** `mail` as the table keeps it. */
export function storedMail(mail: OutgoingMail): string {
  const stored: StoredMail = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            base64: bytesOf(a.content).toString('base64'),
          })),
        }
      : {}),
  };
  return JSON.stringify(stored);
}

/** The message kept under `key`; throws naming the key and what is wrong when the row is not one. */
export function parseStoredMail(key: string, message: string | null): OutgoingMail {
  let json: unknown;
  try {
    json = JSON.parse(message ?? 'null');
  } catch {
    throw new Error(`The queued e-mail ${key} is not JSON: it cannot be sent.`);
  }
  const parsed = storedMailSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`The queued e-mail ${key} is not a message: ${z.prettifyError(parsed.error)}`);
  const { attachments, ...rest } = parsed.data;
  return {
    ...rest,
    ...(attachments
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: new Uint8Array(Buffer.from(a.base64, 'base64')),
          })),
        }
      : {}),
  };
}
