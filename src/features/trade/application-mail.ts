/**
 * The e-mail that says a trade account application is with us (issue 54, owed since issue 38): to the
 * customer's address, in plain words, signed with the shop's name and address. Queued once per customer
 * and day, so a retried request never sends it twice, and an application made again after a refusal is
 * confirmed again.
 */
import { composeMail, type MailSender } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { ACCOUNT_PATH } from '../../shop-api/navigation.ts';

export const applicationMailTexts = {
  subject: 'Your trade account application',
  heading: 'Thank you: your trade account application is with us',
  greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
  received: (company: string) =>
    `We have received the trade account application for ${company}. We check every application by hand, usually within one working day, and write to you once your account is approved.`,
  meanwhile:
    'You can sign in and shop as usual in the meantime: trade prices, purchase order numbers and VAT invoices are yours once we have approved the account.',
  notYou: 'If you did not apply, reply to this e-mail and we will close the application.',
  company: 'Company',
  vat: 'VAT number',
  account: 'Go to My Account',
} as const;

export interface ApplicationMailInput {
  readonly customerId: number;
  readonly email: string;
  readonly firstname: string;
  readonly company: string;
  /** The VAT number as the application gave it (normalised); empty when the business has none. */
  readonly vat: string;
  /** When it was made: the key's day. */
  readonly at: Date;
}

const t = applicationMailTexts;

/** The message and its key (`trade-application:{customer id}:{day}`). */
export function applicationMail(
  sender: MailSender,
  siteUrl: string,
  input: ApplicationMailInput,
): { key: string; mail: OutgoingMail } {
  const mail = composeMail(sender, {
    to: input.email,
    subject: t.subject,
    heading: t.heading,
    paragraphs: [t.greeting(input.firstname), t.received(input.company), t.meanwhile, t.notYou],
    facts: [[t.company, input.company], ...(input.vat ? [[t.vat, input.vat] as const] : [])],
    link: { label: t.account, url: `${siteUrl}${ACCOUNT_PATH}` },
  });
  return { key: `trade-application:${input.customerId}:${input.at.toISOString().slice(0, 10)}`, mail };
}
