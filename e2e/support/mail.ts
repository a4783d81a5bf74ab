/**
 * The e-mails a journey caused, read from the end-to-end shop's mail catcher (its JSON API,
 * src/embedded/mail/app.ts), as a shopper would find them in their inbox.
 */
import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { MAIL_CATCHER_URL } from './ports.ts';
import { expect } from './test.ts';

/** The e2e server's mail catcher; overridable for a shop on other ports. */
export const MAIL_CATCHER = process.env['E2E_MAIL_CATCHER_URL'] ?? MAIL_CATCHER_URL;

const listed = z.object({ messages: z.array(z.object({ id: z.number(), subject: z.string() })) });
const message = z.object({
  id: z.number(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(
    z.object({ n: z.number(), filename: z.string(), contentType: z.string(), url: z.string() }),
  ),
});
export type CaughtMail = z.infer<typeof message>;

/** Every message sent to `address`, newest first. */
export async function mailTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const found = listed.parse(
    await (await request.get(`${MAIL_CATCHER}/messages?to=${encodeURIComponent(address)}`)).json(),
  );
  return Promise.all(
    found.messages.map(async ({ id }) =>
      message.parse(await (await request.get(`${MAIL_CATCHER}/messages/${id}`)).json()),
    ),
  );
}

/** The newest message to `address` whose subject is `subject`, once it has arrived (the outbox sends within a second or so). */
export async function expectMail(
  request: APIRequestContext,
  address: string,
  subject: string | RegExp,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
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
