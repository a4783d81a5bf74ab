/**
 * The e-mail that confirms an account's deletion (issue 54, owed since issue 41): to the address the
 * account had, in plain words, signed with the shop's name and address. Queued once per customer id (ids
 * are never reused), so a retried request never sends it twice.
 */
import { composeMail, type MailSender } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';

export const deletedMailTexts = {
  subject: 'Your account has been deleted',
  heading: 'Your account has been deleted',
  greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
  done: 'As you asked, we have deleted your account with us: your name, e-mail address and password, your saved addresses, your saved basket and your wish list.',
  kept: 'We keep your orders and their invoices, as UK law requires us to for 6 years, without any link to an account. This is the last e-mail we send about your account.',
  notYou:
    'If you did not ask for this, reply to this e-mail at once: someone may know your password, and we will help.',
} as const;

const t = deletedMailTexts;

/** The message and its key (`account-deleted:{customer id}`). */
export function accountDeletedMail(
  sender: MailSender,
  customer: { readonly id: number; readonly email: string; readonly firstname: string },
): { key: string; mail: OutgoingMail } {
  const mail = composeMail(sender, {
    to: customer.email,
    subject: t.subject,
    heading: t.heading,
    paragraphs: [t.greeting(customer.firstname), t.done, t.kept, t.notYou],
  });
  return { key: `account-deleted:${customer.id}`, mail };
}
