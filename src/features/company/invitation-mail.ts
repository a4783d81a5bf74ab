/**
 * The e-mail that invites someone to buy for a company (issue 68): who invited them, to which company, and
 * the link to accept (`/company/join?invitation=…`), valid for 7 days. Queued once per invitation (its key
 * is a hash of the link), so a retried request never sends it twice.
 */
import { createHash } from 'node:crypto';
import { composeMail, type MailSender } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';

export const invitationMailTexts = {
  subject: (company: string) => `You are invited to buy for ${company}`,
  heading: (company: string) => `Join ${company}`,
  greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
  invited: (inviter: string, company: string) =>
    `${inviter} has invited you to buy for ${company} in our shop: with the company’s prices, its credit and its approvals.`,
  how: 'Open the link, sign in or create an account with this e-mail address, and accept. The link works for 7 days.',
  notYou: 'If you did not expect this, you can ignore this e-mail: nothing happens until you accept.',
  company: 'Company',
  role: 'Role',
  accept: 'Accept the invitation',
} as const;

export const JOIN_PATH = '/company/join';

export interface InvitationMailInput {
  readonly email: string;
  readonly firstname: string;
  readonly inviter: string;
  readonly company: string;
  readonly role: string;
  /** The signed invitation, as the link carries it. */
  readonly invitation: string;
}

const t = invitationMailTexts;

/** The message and its key (`company-invitation:{hash of the invitation}`). */
export function invitationMail(
  sender: MailSender,
  siteUrl: string,
  input: InvitationMailInput,
): { key: string; mail: OutgoingMail; link: string } {
  const link = `${siteUrl}${JOIN_PATH}?invitation=${encodeURIComponent(input.invitation)}`;
  const mail = composeMail(sender, {
    to: input.email,
    subject: t.subject(input.company),
    heading: t.heading(input.company),
    paragraphs: [t.greeting(input.firstname), t.invited(input.inviter, input.company), t.how, t.notYou],
    facts: [
      [t.company, input.company],
      [t.role, input.role],
    ],
    link: { label: t.accept, url: link },
  });
  const hash = createHash('sha256').update(input.invitation).digest('base64url').slice(0, 22);
  return { key: `company-invitation:${hash}`, mail, link };
}
