/**
 * When the merchant does not answer (§4.2–4.3, §8.3–8.5): the shopper sees 5006 and the notification is
 * retried on the schedule until it is answered; the duplicate and drop-first-reply switches; the
 * Transaction Monitor's ABORT for an abandoned payment; and a restart that forgets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReply } from '@cleaning-shop/contracts/opayo/protocol.ts';
import {
  eventually,
  inspectOne,
  okAnswer,
  register,
  startFakeMerchant,
  startTestSandbox,
  submitCard,
  type FakeMerchant,
  type MerchantAnswer,
  type ReceivedNotification,
  type TestSandbox,
} from './helpers.ts';

let merchant: FakeMerchant;

beforeAll(async () => {
  merchant = await startFakeMerchant();
});

afterAll(async () => {
  await merchant.close();
});

/** Answers one transaction's notifications with `answer`, and every other one OK. */
function answerFor(
  vpsTxId: () => string,
  answer: (notification: ReceivedNotification) => MerchantAnswer,
): void {
  merchant.answer = (notification) =>
    notification.fields['VPSTxId'] === vpsTxId() ? answer(notification) : okAnswer(merchant, notification);
}

describe('a merchant that does not answer', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    merchant.answer = (notification) => okAnswer(merchant, notification);
    await sandbox.stop();
  });

  it('leaves the shopper on a 5006 page, then retries until answered, and settles then', async () => {
    const tx = await register(sandbox, merchant);
    let silent = true;
    answerFor(
      () => tx.vpsTxId,
      (notification) => (silent ? 'hang-up' : okAnswer(merchant, notification)),
    );
    const page = await submitCard(tx.nextUrl);
    expect(page.status).toBe(200);
    expect(page.html.replace(/&#39;/g, "'")).toContain(
      "5006 : Unable to redirect to Vendor's web site. The Vendor failed to provide a RedirectionURL.",
    );
    expect(page.html).toContain(tx.vendorTxCode);

    // Retries keep coming while the merchant stays silent…
    await eventually(() => expect(merchant.for(tx.vpsTxId).length).toBeGreaterThanOrEqual(3));
    const waiting = await inspectOne(sandbox, tx.vendorTxCode);
    expect(waiting).toMatchObject({ status: 'OK', settlement: 'pending', settled: false });
    expect(waiting.notification.state).toBe('pending');
    expect(waiting.notifications[0]).toMatchObject({ trigger: 'shopper', outcome: 'not-answered' });
    expect(waiting.notifications[1]).toMatchObject({ trigger: 'retry', outcome: 'not-answered' });
    expect(waiting.notifications[0]?.problem).toMatch(/^no answer/);

    // …every one the same signed body…
    const bodies = merchant.for(tx.vpsTxId).map((notification) => JSON.stringify(notification.fields));
    expect(new Set(bodies).size).toBe(1);

    // …until it answers; then the payment settles and the retries stop.
    silent = false;
    const answered = await eventually(async () => {
      const transaction = await inspectOne(sandbox, tx.vendorTxCode);
      expect(transaction.notification.state).toBe('answered');
      return transaction;
    });
    expect(answered).toMatchObject({ settled: true, notification: { replyStatus: 'OK' } });
    expect(answered.notifications.at(-1)).toMatchObject({ trigger: 'retry', outcome: 'answered' });
    const count = merchant.for(tx.vpsTxId).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(merchant.for(tx.vpsTxId)).toHaveLength(count);
  });

  it('treats a reply without RedirectURL, or not HTTP 200, as no answer', async () => {
    const tx = await register(sandbox, merchant);
    let calls = 0;
    answerFor(
      () => tx.vpsTxId,
      (notification) => {
        calls += 1;
        if (calls === 1) return formatReply({ Status: 'OK' });
        if (calls === 2) return { status: 500, body: 'Internal Server Error' };
        return okAnswer(merchant, notification);
      },
    );
    const page = await submitCard(tx.nextUrl, { cardNumber: '4000000000000002' });
    expect(page.html).toContain('5006 : ');
    const answered = await eventually(async () => {
      const transaction = await inspectOne(sandbox, tx.vendorTxCode);
      expect(transaction.notification.state).toBe('answered');
      return transaction;
    });
    expect(answered.notifications.map((n) => [n.outcome, n.problem])).toEqual([
      ['not-answered', 'no RedirectURL line'],
      ['not-answered', 'HTTP status 500, not 200'],
      ['answered', null],
    ]);
    expect(answered).toMatchObject({ status: 'NOTAUTHED', settlement: null });
  });

  it('gives up when the schedule runs out, and voids the authorised payment', async () => {
    const tx = await register(sandbox, merchant);
    answerFor(
      () => tx.vpsTxId,
      () => 'hang-up',
    );
    await submitCard(tx.nextUrl);
    const failed = await eventually(async () => {
      const transaction = await inspectOne(sandbox, tx.vendorTxCode);
      expect(transaction.notification.state).toBe('failed');
      return transaction;
    });
    // The shopper's try plus one per entry of the schedule (4 in the tests).
    expect(failed.notifications).toHaveLength(5);
    expect(failed).toMatchObject({ status: 'OK', void: true, settled: false });
  });
});

describe('the test switches (§8.4)', () => {
  it('sends every notification twice when asked, the same signed body both times', async () => {
    const sandbox = await startTestSandbox({ sendNotificationsTwice: true });
    try {
      const tx = await register(sandbox, merchant);
      const page = await submitCard(tx.nextUrl);
      expect(page.location).toBe(merchant.returnUrl(tx.vendorTxCode));
      const received = merchant.for(tx.vpsTxId);
      expect(received).toHaveLength(2);
      expect(received[1]?.fields).toEqual(received[0]?.fields);
      expect(received.every((notification) => notification.signatureValid)).toBe(true);
      const inspected = await inspectOne(sandbox, tx.vendorTxCode);
      expect(inspected.notifications.map((n) => n.trigger)).toEqual(['shopper', 'duplicate']);
      expect(inspected.settled).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });

  it('drops the first reply when asked, and sends the notification again at once', async () => {
    const sandbox = await startTestSandbox({ dropFirstReply: true });
    try {
      const tx = await register(sandbox, merchant);
      const page = await submitCard(tx.nextUrl);
      expect(page.location).toBe(merchant.returnUrl(tx.vendorTxCode));
      expect(merchant.for(tx.vpsTxId)).toHaveLength(2);
      const inspected = await inspectOne(sandbox, tx.vendorTxCode);
      expect(inspected.notifications.map((n) => [n.trigger, n.outcome])).toEqual([
        ['shopper', 'dropped'],
        ['retry', 'answered'],
      ]);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('the Transaction Monitor', () => {
  it('aborts a payment left open past the timeout with a signed ABORT, retried until answered', async () => {
    const sandbox = await startTestSandbox({ transactionTimeoutMs: 300 });
    try {
      const tx = await register(sandbox, merchant);
      let silent = true;
      answerFor(
        () => tx.vpsTxId,
        (notification) => (silent ? 'hang-up' : okAnswer(merchant, notification)),
      );
      await eventually(() => expect(merchant.for(tx.vpsTxId).length).toBeGreaterThanOrEqual(2));
      const [first] = merchant.for(tx.vpsTxId);
      expect(first?.signatureValid).toBe(true);
      expect(first?.fields).toMatchObject({
        Status: 'ABORT',
        StatusDetail: '2013 : The Transaction was cancelled by the customer.',
      });
      silent = false;
      const answered = await eventually(async () => {
        const transaction = await inspectOne(sandbox, tx.vendorTxCode);
        expect(transaction.notification.state).toBe('answered');
        return transaction;
      });
      expect(answered.status).toBe('ABORT');
      expect(answered.notifications[0]).toMatchObject({ trigger: 'monitor', outcome: 'not-answered' });
      expect(answered.notifications.at(-1)).toMatchObject({ trigger: 'retry', outcome: 'answered' });

      // The shopper who comes back finds the page closed, and cannot pay.
      const late = await submitCard(tx.nextUrl);
      expect(late.status).toBe(200);
      expect(late.html).toContain('This payment is closed');
    } finally {
      merchant.answer = (notification) => okAnswer(merchant, notification);
      await sandbox.stop();
    }
  });
});

describe('a restart', () => {
  it('keeps every transaction and carries on retrying an unanswered notification', async () => {
    // Retries fall due after the restart (and, on a slow machine, maybe one before it).
    const schedule = { retryScheduleMs: [1000, 1000, 1000] };
    const first = await startTestSandbox(schedule);
    const dir = first.dir;
    const paid = await register(first, merchant);
    await submitCard(paid.nextUrl);
    const open = await register(first, merchant);
    const unanswered = await register(first, merchant);
    answerFor(
      () => unanswered.vpsTxId,
      () => 'hang-up',
    );
    expect((await submitCard(unanswered.nextUrl)).html).toContain('5006 : ');
    const before = await inspectOne(first, paid.vendorTxCode);
    await first.close();

    merchant.answer = (notification) => okAnswer(merchant, notification);
    const second = await startTestSandbox(schedule, dir);
    try {
      expect(await inspectOne(second, paid.vendorTxCode)).toEqual(before);
      // The open one is still payable, and repeats its ids.
      expect((await inspectOne(second, open.vendorTxCode)).status).toBe('REGISTERED');
      expect((await submitCard(open.nextUrl.replace(first.url, second.url))).status).toBe(303);
      // The new process sends the notification the old one left unanswered.
      const answered = await eventually(async () => {
        const transaction = await inspectOne(second, unanswered.vendorTxCode);
        expect(transaction.notification.state).toBe('answered');
        return transaction;
      });
      expect(answered).toMatchObject({ settled: true });
      expect(answered.notifications[0]?.trigger).toBe('shopper');
      expect(answered.notifications.at(-1)).toMatchObject({ trigger: 'retry', outcome: 'answered' });
    } finally {
      await second.stop();
    }
  });
});
