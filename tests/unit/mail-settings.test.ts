/**
 * The mail settings as whoever configures the shop meets them: a wrong SMTP_URL says what to write and
 * never repeats the password; the From address defaults to the shop's name and e-mail; the log names the
 * server without its credentials; with no SMTP_URL the shop sends to the mail catcher.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { mailFromOf, smtpServerShown, smtpUrlOf } from '../../src/mail/settings.ts';

describe('the mail settings', () => {
  it('refuse an SMTP_URL that is no SMTP server, saying what to write and not repeating it', () => {
    expect(() => loadEnv({ SMTP_URL: 'https://user:s3cret@mail.example.com' })).toThrow(
      /SMTP_URL must be an SMTP server URL such as smtp:\/\/user:password@smtp\.example\.com:587 \(got 36 characters\)/,
    );
    expect(() => loadEnv({ SMTP_URL: 'https://user:s3cret@mail.example.com' })).not.toThrow(/s3cret/);
  });

  it('refuse a MAIL_FROM that is no address', () => {
    expect(() => loadEnv({ MAIL_FROM: 'Clearwater Cleaning' })).toThrow(
      /MAIL_FROM must be an e-mail address/,
    );
  });

  it('send from the shop’s name and e-mail, to the mail catcher, unless told otherwise', () => {
    const env = loadEnv({ SHOP_NAME: 'Brite "Clean"', SHOP_EMAIL: 'hello@brite.example' });
    expect(mailFromOf(env)).toBe('"Brite Clean" <hello@brite.example>');
    expect(smtpUrlOf(env)).toBe('smtp://127.0.0.1:1025');
    const set = loadEnv({
      SMTP_URL: 'smtps://shop%40brite.example:pw@smtp.example.com:465',
      MAIL_FROM: 'Brite <a@b.example>',
    });
    expect(mailFromOf(set)).toBe('Brite <a@b.example>');
    expect(smtpServerShown(smtpUrlOf(set))).toBe('smtps://smtp.example.com:465');
  });
});
