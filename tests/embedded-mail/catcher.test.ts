/**
 * The mail catcher as a newcomer and the journeys use it: a message sent with nodemailer arrives with its
 * subject, both parts and its attachment, readable through the JSON API and on the page; its HTML is
 * served under a CSP that runs and loads nothing; a restart keeps what was caught; DELETE empties it.
 */
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatcher, type TestCatcher } from '../support/mail.ts';

let catcher: TestCatcher;
beforeAll(async () => {
  catcher = await startTestCatcher();
});
afterAll(() => catcher.dispose());

let serial = 0;
const address = () => `catcher-${Date.now()}-${++serial}@example.com`;

const PDF = Buffer.from('%PDF-1.4\n% a certificate\n%%EOF\n');

async function send(url: string, to: string, subject: string): Promise<void> {
  const transport = createTransport({ url });
  try {
    await transport.sendMail({
      from: '"Clearwater Cleaning" <shop@example.com>',
      to,
      subject,
      text: 'Your K 5 is registered.',
      html: '<p>Your <b>K 5</b> is registered.</p><script>alert(1)</script>',
      attachments: [{ filename: 'certificate.pdf', contentType: 'application/pdf', content: PDF }],
    });
  } finally {
    transport.close();
  }
}

describe('the mail catcher', () => {
  it('keeps a message with its subject, both parts and its attachment, for the JSON API and the page', async () => {
    const to = address();
    await send(catcher.smtpUrl, to, 'Your K 5 is registered');
    const [message, ...more] = await catcher.messagesTo(to);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      from: '"Clearwater Cleaning" <shop@example.com>',
      to: [to],
      subject: 'Your K 5 is registered',
      attachments: [{ n: 1, filename: 'certificate.pdf', contentType: 'application/pdf', size: PDF.length }],
    });
    expect(message?.text?.trim()).toBe('Your K 5 is registered.');
    expect(message?.html).toContain('<b>K 5</b>');
    const file = await fetch(`${catcher.url}${message?.attachments[0]?.url}`);
    expect(file.headers.get('content-disposition')).toContain('certificate.pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    const list = await (await fetch(`${catcher.url}/`)).text();
    expect(list).toContain(to);
    expect(list).toContain('Your K 5 is registered');
  });

  it('serves a message’s HTML sandboxed, under a CSP that runs no script and loads nothing', async () => {
    const to = address();
    await send(catcher.smtpUrl, to, 'HTML part');
    const [message] = await catcher.messagesTo(to);
    const html = await fetch(`${catcher.url}/messages/${message?.id}/html`);
    const csp = html.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    const page = await (await fetch(`${catcher.url}/view/${message?.id}`)).text();
    expect(page).toMatch(/<iframe sandbox [^>]*src="\/messages\/\d+\/html"/);
  });

  it('answers 404 with what to do for a message it does not have', async () => {
    const reply = await fetch(`${catcher.url}/messages/999999`);
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({ message: 'No message 999999: GET /messages lists those kept.' });
  });

  it('keeps what it caught across a restart, and DELETE /messages empties it', async () => {
    const own = await startTestCatcher();
    const to = address();
    await send(own.smtpUrl, to, 'Kept');
    await own.close();
    const again = await startTestCatcher({ dir: own.dir });
    try {
      expect((await again.messagesTo(to)).map((m) => m.subject)).toEqual(['Kept']);
      expect((await fetch(`${again.url}/messages`, { method: 'DELETE' })).status).toBe(204);
      expect(await again.messagesTo(to)).toEqual([]);
    } finally {
      await again.dispose();
    }
  });
});
