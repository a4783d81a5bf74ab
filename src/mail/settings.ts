/**
 * The shop's mail settings as the sender uses them: the SMTP server (SMTP_URL, else the embedded mail
 * catcher's), who the messages come from (MAIL_FROM, else the shop's name and SHOP_EMAIL), and who signs
 * them (the shop's name, address, e-mail and phone, compose.ts's MailSender).
 */
import type { EmbeddedSettings, ShopSettings } from '../config/env.ts';
import type { MailSender } from './compose.ts';

export type MailSettings = Pick<
  ShopSettings,
  'SMTP_URL' | 'MAIL_FROM' | 'SHOP_NAME' | 'SHOP_EMAIL' | 'SHOP_ADDRESS' | 'SHOP_PHONE'
> &
  Pick<EmbeddedSettings, 'MAIL_CATCHER_HOST' | 'MAIL_CATCHER_SMTP_PORT'>;

/**
 * The catcher's SMTP server as a URL (`smtp://127.0.0.1:1025`): where the shop sends with SMTP_URL unset,
 * and what a caller hands another sender (the embedded Magento's own e-mails) to land on the same page.
 */
export const mailCatcherSmtpUrl = (
  env: Pick<EmbeddedSettings, 'MAIL_CATCHER_HOST' | 'MAIL_CATCHER_SMTP_PORT'>,
): string => {
  const host = env.MAIL_CATCHER_HOST.includes(':') ? `[${env.MAIL_CATCHER_HOST}]` : env.MAIL_CATCHER_HOST;
  return `smtp://${host}:${env.MAIL_CATCHER_SMTP_PORT}`;
};

/** SMTP_URL, else the embedded mail catcher's SMTP server. */
export const smtpUrlOf = (env: MailSettings): string => env.SMTP_URL ?? mailCatcherSmtpUrl(env);

/** MAIL_FROM, else `"Shop name" <SHOP_EMAIL>`. */
export const mailFromOf = (env: MailSettings): string =>
  env.MAIL_FROM ?? `"${env.SHOP_NAME.replace(/["\\]/g, '')}" <${env.SHOP_EMAIL}>`;

/** Who signs every e-mail: the shop as the footer shows it. */
export const mailSignatureOf = (env: MailSettings): MailSender => ({
  name: env.SHOP_NAME,
  address: env.SHOP_ADDRESS,
  email: env.SHOP_EMAIL,
  phone: env.SHOP_PHONE,
});

/** The SMTP server for the log: its host and port, never its user or password. */
export function smtpServerShown(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
