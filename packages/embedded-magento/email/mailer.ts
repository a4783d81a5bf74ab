/**
 * How the embedded back end sends its e-mails: over SMTP with nodemailer when its config names an SMTP
 * URL (`smtpUrl`, from EMBEDDED_MAGENTO_SMTP_URL), else not at all. Like the module's `Sender`, which
 * catches and logs, a failed send is logged and never fails the request that caused it.
 */
import { createTransport } from 'nodemailer';
import type { StoreContact, StoreMail } from './message.ts';

export interface Mailer {
  /** Sends `mail`; resolves whether or not it was delivered (a failure is logged). */
  send(mail: StoreMail): Promise<void>;
}

/** No SMTP URL configured: Magento with no mail transport sends nothing, and says nothing either. */
export const NO_MAILER: Mailer = { send: () => Promise.resolve() };

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A mailer sending from the store's general contact (`rma/email/sender_identity` `general`) to `url`. */
export function smtpMailer(url: string, from: StoreContact, log?: (message: string) => void): Mailer {
  // Short timeouts: Magento sends while the request waits, and a dead mail server must not hang it long.
  const transport = createTransport({
    url,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: { name: from.name, address: from.email },
          to: { name: mail.to.name, address: mail.to.address },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        log?.(`RMA: Failed to send email "${mail.subject}" to ${mail.to.address}: ${describe(error)}`);
      }
    },
  };
}
