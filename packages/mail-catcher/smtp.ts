/**
 * The mail catcher's SMTP server (smtp-server): it takes every message from anyone, as MailHog and Mailpit
 * do, with or without AUTH (any user and password), over plain SMTP with no STARTTLS, parses it
 * (mailparser) and keeps it. Listening on loopback is what keeps it private.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { CaughtMail, NewCaughtMessage } from './db.ts';

/** The largest message taken (SIZE): a certificate or a calendar file fits many times over. */
const MAX_BYTES = 25 * 1024 * 1024;

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function parse(raw: Buffer, session: SMTPServerSession): Promise<NewCaughtMessage> {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const envelope = session.envelope;
  return {
    messageId: parsed.messageId,
    from: parsed.from?.text || (envelope.mailFrom ? envelope.mailFrom.address : ''),
    to: envelope.rcptTo.map((recipient) => recipient.address),
    subject: parsed.subject ?? '',
    text: parsed.text,
    html: parsed.html === false ? undefined : parsed.html,
    raw,
    attachments: parsed.attachments.map((a, n) => ({
      filename: a.filename ?? `attachment-${n + 1}`,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

export function catcherSmtpServer(mail: CaughtMail, log?: (message: string) => void): SMTPServer {
  return new SMTPServer({
    name: 'mail-catcher.localhost',
    banner: 'Mail catcher: every message is kept, none is delivered',
    size: MAX_BYTES,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) throw Object.assign(new Error('Message too big'), { responseCode: 552 });
          mail.add(await parse(raw, session), Date.now());
          callback();
        })
        .catch((error: unknown) => {
          log?.(
            `Mail catcher: a message was refused: ${error instanceof Error ? error.message : String(error)}`,
          );
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
}
