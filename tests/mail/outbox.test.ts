/**
 * The e-mail outbox on both stores, sending over SMTP (nodemailer) to the real mail catcher: a key queued
 * twice is one message; two senders racing on one store send each message once; a message queued while
 * the SMTP server is down is sent once it is back; a sender that restarts (or another replica) sends what
 * was left, a claimed message whose sender died included; a message unsent after the give-up time is
 * kept as failed; queuing wakes the sender at once, and on PostgreSQL another replica's too.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../src/mail/outbox.ts';
import { claimMail, mailState } from '../../src/mail/queue.ts';
import { createOutboxSender, startOutboxSender } from '../../src/mail/sender.ts';
import { smtpTransport } from '../../src/mail/smtp.ts';
import { storeOutbox } from '../../src/mail/store-outbox.ts';
import { eventually, freePort, startTestCatcher, type TestCatcher } from '../support/mail.ts';
import { BOTH_STORES, postgresTestStore, type TestStore } from '../support/stores.ts';

const FROM = '"Clearwater Cleaning" <shop@example.com>';
let catcher: TestCatcher;
beforeAll(async () => {
  catcher = await startTestCatcher();
});
afterAll(() => catcher.dispose());

let serial = 0;
const unique = () => `${Date.now()}-${process.pid}-${++serial}`;
const mailTo = (to: string, subject = 'Your booking is confirmed'): OutgoingMail => ({
  to,
  subject,
  text: 'Plain words.',
  html: '<p>Plain words.</p>',
  attachments: [
    { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' },
  ],
});
const transportTo = (url: string) => smtpTransport({ url, from: FROM, timeoutMs: 2_000 });

describe.each(BOTH_STORES)('the outbox on %s', (_name, make) => {
  let test: TestStore;
  const logged: string[] = [];
  const log = (line: string) => void logged.push(line);
  beforeEach(() => {
    test = make();
    logged.length = 0;
  });
  afterEach(() => test.dispose());

  it('queues a key once: the same key twice is one message, the first', async () => {
    const to = `once-${unique()}@example.com`;
    const outbox = storeOutbox(test.store);
    await outbox.enqueue(
      `booking-confirmed:${unique()}`.replace(/.*/, (k) => k),
      mailTo(to, 'First'),
    );
    const key = `booking-confirmed:${unique()}`;
    await outbox.enqueue(key, mailTo(to, 'Second'));
    await outbox.enqueue(key, mailTo(to, 'Third'));
    await createOutboxSender({ store: test.store, transport: transportTo(catcher.smtpUrl), log }).drain();
    const caught = await catcher.messagesTo(to);
    expect(caught.map((m) => m.subject).sort()).toEqual(['First', 'Second']);
    expect(caught[0]).toMatchObject({
      from: FROM,
      text: 'Plain words.',
      html: '<p>Plain words.</p>',
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar' }],
    });
    expect(await mailState(test.store, key)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('sends each message once when two replicas’ senders drain together', async () => {
    const to = `race-${unique()}@example.com`;
    const outbox = storeOutbox(test.store);
    for (let n = 0; n < 6; n++) await outbox.enqueue(`race:${unique()}`, mailTo(to, `Message ${n}`));
    const senders = [test.store, test.open()].map((store) =>
      createOutboxSender({ store, transport: transportTo(catcher.smtpUrl), log }),
    );
    await Promise.all(senders.map((sender) => sender.drain()));
    const subjects = (await catcher.messagesTo(to)).map((m) => m.subject).sort();
    expect(subjects).toEqual([0, 1, 2, 3, 4, 5].map((n) => `Message ${n}`));
  });

  it('keeps a message while the SMTP server is down, logs one line, and sends it once it is back', async () => {
    const to = `down-${unique()}@example.com`;
    const key = `down:${unique()}`;
    const port = await freePort();
    await storeOutbox(test.store).enqueue(key, mailTo(to));
    const sender = createOutboxSender({
      store: test.store,
      transport: transportTo(`smtp://127.0.0.1:${port}`),
      retryDelayMs: () => 0,
      log,
    });
    await sender.drain();
    expect(await mailState(test.store, key)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(logged).toEqual([
      expect.stringMatching(new RegExp(`^E-mail ${key} not sent \\(try 1\\), again in 0 s: .*ECONNREFUSED`)),
    ]);
    const back = await startTestCatcher({ smtpPort: port });
    try {
      await sender.drain();
      expect((await back.messagesTo(to)).length).toBe(1);
      expect(await mailState(test.store, key)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    } finally {
      await back.dispose();
    }
  });

  it('sends after a restart what was queued before it, and what a dead sender had claimed once its lease ran out', async () => {
    const to = `restart-${unique()}@example.com`;
    await storeOutbox(test.store).enqueue(`left:${unique()}`, mailTo(to, 'One'));
    await storeOutbox(test.store).enqueue(`left:${unique()}`, mailTo(to, 'Two'));
    // A sender claims one for 400 ms and dies mid-send: it never says how it went.
    expect(await claimMail(test.store, 400)).toBeDefined();
    await test.store.close();
    const restarted = test.open();
    const sender = createOutboxSender({ store: restarted, transport: transportTo(catcher.smtpUrl), log });
    await sender.drain();
    expect(await catcher.messagesTo(to)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await sender.drain();
    expect((await catcher.messagesTo(to)).map((m) => m.subject).sort()).toEqual(['One', 'Two']);
  });

  it('gives a message up, kept with its error and logged, once it is older than the give-up time', async () => {
    const key = `given-up:${unique()}`;
    await storeOutbox(test.store).enqueue(key, mailTo(`never-${unique()}@example.com`));
    const port = await freePort();
    await createOutboxSender({
      store: test.store,
      transport: transportTo(`smtp://127.0.0.1:${port}`),
      giveUpAfterMs: 0,
      log,
    }).drain();
    expect(await mailState(test.store, key)).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(logged).toEqual([expect.stringMatching(new RegExp(`^E-mail ${key} given up after 1 tries`))]);
  });

  it('wakes the sender of this process at once when a message is queued', async () => {
    const to = `wake-${unique()}@example.com`;
    const sender = startOutboxSender({
      store: test.store,
      transport: transportTo(catcher.smtpUrl),
      pollMs: 60_000,
      log,
    });
    try {
      await eventually(async () => (await sender.drain(), true));
      const started = performance.now();
      await storeOutbox(test.store, () => sender.wake()).enqueue(`wake:${unique()}`, mailTo(to));
      await eventually(async () => (await catcher.messagesTo(to)).length === 1);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await sender.close();
    }
  });
});

describe('the outbox on PostgreSQL', () => {
  let test: TestStore;
  const log = () => undefined;
  beforeEach(() => {
    test = postgresTestStore();
  });
  afterEach(() => test.dispose());

  it('wakes another replica’s sender through a notification', async () => {
    const to = `notify-${unique()}@example.com`;
    const other = test.open();
    const sender = startOutboxSender({
      store: other,
      transport: transportTo(catcher.smtpUrl),
      pollMs: 60_000,
      log,
    });
    try {
      await sender.drain();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await storeOutbox(test.store).enqueue(`notify:${unique()}`, mailTo(to));
      await eventually(async () => (await catcher.messagesTo(to)).length === 1, 3_000);
    } finally {
      await sender.close();
    }
  });
});
