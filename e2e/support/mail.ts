/**
 * The e-mails a journey caused, read from the end-to-end shop's mail catcher (its JSON API,
 * packages/mail-catcher/app.ts), as a shopper would find them in their inbox.
 */
import type { APIRequestContext } from '@playwright/test';
import { caughtList, caughtMessage, type CaughtMessage } from '../../tests/support/mail.ts';
import { MAIL_CATCHER_URL } from './ports.ts';
import { expect } from './test.ts';

/** The e2e server's mail catcher; overridable for a shop on other ports. */
export const MAIL_CATCHER = process.env['E2E_MAIL_CATCHER_URL'] ?? MAIL_CATCHER_URL;

/** Every message sent to `address`, newest first. */
export async function mailTo(request: APIRequestContext, address: string): Promise<CaughtMessage[]> {
  const found = caughtList.parse(
    await (await request.get(`${MAIL_CATCHER}/messages?to=${encodeURIComponent(address)}`)).json(),
  );
  return Promise.all(
    found.messages.map(async ({ id }) =>
      caughtMessage.parse(await (await request.get(`${MAIL_CATCHER}/messages/${id}`)).json()),
    ),
  );
}

/** The newest message to `address` whose subject is `subject`, once it has arrived (the outbox sends within a second or so). */
export async function expectMail(
  request: APIRequestContext,
  address: string,
  subject: string | RegExp,
): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(request, address)).find((m) =>
          typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
        );
        return found !== undefined;
      },
      { message: `an e-mail to ${address} about "${String(subject)}"`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No e-mail to ${address} about "${String(subject)}".`);
  return found;
}
