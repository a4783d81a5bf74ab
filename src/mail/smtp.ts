/**
 * Sending one message over SMTP with nodemailer: the shop's From address, both parts, the attachments,
 * and a Message-ID made from the queue's key, so in the rare case a message goes out twice (its sender
 * died after the server took it, before it was marked sent) mail clients that thread by Message-ID show
 * it once. No tracking: nothing is added to the message the feature composed.
 */
import { createHash } from 'node:crypto';
import { createTransport } from 'nodemailer';
import type { OutgoingMail } from './outbox.ts';

/** Sends one message; rejects when the server did not take it (down, refused, timed out). */
export interface MailTransport {
  send(key: string, mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SmtpOptions {
  /** `smtp://user:password@host:587` or `smtps://…:465` (SMTP_URL, or the mail catcher's). */
  readonly url: string;
  /** `Name <address>` or an address (MAIL_FROM, else the shop's name and SHOP_EMAIL). */
  readonly from: string;
  /** How long connecting, the greeting and each reply may take (default 15 s): a hung server is a failure. */
  readonly timeoutMs?: number;
}

/** The domain Message-IDs are made in: the From address's. */
const domainOf = (from: string): string => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** One Message-ID per key, the same on every try. */
export const messageIdFor = (key: string, from: string): string =>
  `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domainOf(from)}>`;

export function smtpTransport(options: SmtpOptions): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(key, mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdFor(key, options.from),
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
        })),
      });
    },
    close: () => transport.close(),
  };
}
