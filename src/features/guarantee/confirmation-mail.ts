/**
 * The confirmation of a guarantee registration (issue 54), in the shop's one e-mail layout, with the
 * certificate attached: what was registered, until when it is guaranteed, and why there is no extra year
 * when there is none.
 */
import { composeMail, type MailSender } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { certificateFileName } from './certificate-pdf.ts';
import { REGISTER_MACHINE_PATH } from './paths.ts';
import type { Registration } from './registrations.server.ts';
import { dayText } from '../../calendar/day-text.ts';
import { extraYearText, guaranteeTexts as t } from './texts.ts';

export function confirmationMail(
  sender: MailSender,
  {
    to,
    siteUrl,
    registration: r,
    pdf,
  }: { to: string; siteUrl: string; registration: Registration; pdf: Uint8Array },
): OutgoingMail {
  return composeMail(sender, {
    to,
    subject: t.mailSubject(r.model),
    heading: t.registered,
    paragraphs: [t.mailIntro(r.model, r.serial), extraYearText(r)],
    facts: [
      [t.certificateNumber, r.certificate],
      [t.machine, `${r.productName} (${r.model})`],
      [t.serial, r.serial],
      [t.purchasedOn, dayText(r.purchasedOn)],
      [t.deliveredOn, dayText(r.deliveredOn)],
      [t.guaranteeEnds, dayText(r.endsOn)],
    ],
    link: { label: t.listTitle, url: new URL(REGISTER_MACHINE_PATH, siteUrl).href },
    attachments: [
      { filename: certificateFileName(r.certificate), contentType: 'application/pdf', content: pdf },
    ],
  });
}
