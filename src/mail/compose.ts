/**
 * The shop's e-mails as one layout: a heading, paragraphs, an optional table of facts and a link, then the
 * shop's name and address. HTML and plain text from the same parts; no images, no tracking pixels, no
 * tracked links.
 */
import type { MailAttachment, OutgoingMail } from './outbox.ts';

/** Who signs every e-mail: the shop's name, postal address, e-mail and phone (SHOP_* settings). */
export interface MailSender {
  readonly name: string;
  readonly address: string;
  readonly email: string;
  readonly phone: string;
}

export interface MailContent {
  readonly to: string;
  readonly subject: string;
  /** The first line: "Your K 5 is registered". */
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** Facts as label and value: "Return number" → "RMA-000004". */
  readonly facts?: readonly (readonly [label: string, value: string])[];
  /** One call to action: an absolute URL on the shop. */
  readonly link?: { readonly label: string; readonly url: string };
  readonly attachments?: readonly MailAttachment[];
}

const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function textPart(sender: MailSender, content: MailContent): string {
  const facts = (content.facts ?? []).map(([label, value]) => `${label}: ${value}`);
  const link = content.link ? [`${content.link.label}: ${content.link.url}`] : [];
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(facts.length > 0 ? [...facts, ''] : []),
    ...(link.length > 0 ? [...link, ''] : []),
    '--',
    sender.name,
    sender.address,
    `${sender.email} · ${sender.phone}`,
    '',
  ].join('\n');
}

function htmlPart(sender: MailSender, content: MailContent): string {
  const facts = content.facts?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${content.facts
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escape(label)}</th><td style="padding:4px 0">${escape(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const link = content.link
    ? `<p><a href="${escape(content.link.url)}" style="color:#1a4f8b">${escape(content.link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1d1d1b;background:#ffffff">
<h1 style="font-size:22px;margin:0 0 16px">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('\n')}
${facts}${link}
<hr style="border:0;border-top:1px solid #ccc;margin:24px 0 12px">
<p style="font-size:14px;color:#555;margin:0">${escape(sender.name)}<br>${escape(sender.address)}<br>${escape(sender.email)} · ${escape(sender.phone)}</p>
</body></html>
`;
}

/** The message for `content`, signed by `sender`. */
export function composeMail(sender: MailSender, content: MailContent): OutgoingMail {
  return {
    to: content.to,
    subject: content.subject,
    text: textPart(sender, content),
    html: htmlPart(sender, content),
    ...(content.attachments?.length ? { attachments: content.attachments } : {}),
  };
}
