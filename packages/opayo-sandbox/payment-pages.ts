/**
 * The shopper's side of the hosted page (§8.2–8.3): the card form at NextURL, the 3-D Secure challenge,
 * and the end of every payment: complete the transaction, notify the vendor, then 303 the browser to the
 * vendor's RedirectURL, or show 5006 while the notifier keeps retrying.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  aborted,
  authorise,
  CHALLENGE_WORD,
  rejectedAfterAttempts,
  threeDSecure,
  type Outcome,
} from './authorise.ts';
import { checkCard, findTestCard, type CardEntry } from './cards.ts';
import { DETAIL } from './codes.ts';
import type { SandboxStore, TransactionRecord } from './db.ts';
import { formatAmount, sendPage, sendRedirect } from '@cleaning-shop/kit/sandbox-pages.ts';
import { readForm } from './http.ts';
import { notificationFields } from './notification.ts';
import type { Notifier } from './notifier.ts';
import { cardPage, challengePage, messagePage, redirectBody, type CardPage, type Order } from './pages.ts';
import { CARD_PATH, CHALLENGE_PATH, pagePath } from './paths.ts';

export interface PaymentPagesOptions {
  readonly store: SandboxStore;
  readonly notifier: Notifier;
  /** Still payable: registered and not yet timed out. */
  readonly isOpen: (tx: TransactionRecord) => boolean;
  readonly now: () => number;
  readonly log?: ((message: string) => void) | undefined;
}

/** The card page's form: the card entered, or `action=cancel`. Fields left out read as empty. */
const cardForm = z.object({
  action: z.string().optional(),
  CardNumber: z.string().default(''),
  ExpiryDate: z.string().default(''),
  SecurityCode: z.string().default(''),
  CardHolder: z.string().default(''),
});

/** The 3-D Secure challenge's form: the word entered, or `action=cancel`. */
const challengeForm = z.object({ action: z.string().optional(), Code: z.string().default('') });

/** ELV-FSTAT, ACA 2001: the third failed card entry rejects the transaction. */
const MAX_FAILED_ATTEMPTS = 3;

const order = (tx: TransactionRecord): Order => ({
  vendor: tx.vendor,
  description: tx.description,
  amountPence: tx.amountPence,
  currency: tx.currency,
});

function showNotFound(c: Context): Response {
  return sendPage(
    c,
    404,
    messagePage({
      title: 'Payment not found',
      paragraphs: [
        'This payment link is not valid, or the payment was never started.',
        'Go back to the shop and start the payment again.',
      ],
    }),
  );
}

function showClosed(c: Context, tx: TransactionRecord): Response {
  if (tx.status === 'REGISTERED') {
    return sendPage(
      c,
      200,
      messagePage({
        title: 'This payment has timed out',
        paragraphs: [
          'For your security a payment page stays open for a limited time, and this one has closed. No money was taken.',
          'Go back to the shop and start the payment again.',
        ],
      }),
    );
  }
  return sendPage(
    c,
    200,
    messagePage({
      title: tx.status === 'OK' ? 'This payment is complete' : 'This payment is closed',
      paragraphs: [
        tx.status === 'OK'
          ? `Your payment of ${formatAmount(tx.amountPence, tx.currency)} was authorised. Do not pay again.`
          : 'This payment was not taken and can no longer be used.',
        `Your reference: ${tx.vendorTxCode}.`,
      ],
      ...(tx.redirectUrl ? { link: { href: tx.redirectUrl, text: 'Return to the shop' } } : {}),
    }),
  );
}

function showNoRedirect(c: Context, tx: TransactionRecord, outcome: Outcome): Response {
  return sendPage(
    c,
    200,
    messagePage({
      title: 'We could not return you to the shop',
      code: DETAIL.noRedirect,
      paragraphs: [
        outcome.status === 'OK'
          ? `Your payment of ${formatAmount(tx.amountPence, tx.currency)} was authorised, but the shop did not confirm it received the result. Do not pay again: the shop will be told again shortly.`
          : 'No money was taken. The shop did not confirm it received the result of this payment.',
        `If you contact the shop, quote your reference: ${tx.vendorTxCode}.`,
      ],
    }),
  );
}

function showCardForm(
  c: Context,
  tx: TransactionRecord,
  form: Pick<CardPage, 'values' | 'errors' | 'attemptsLeft'> = {},
): Response {
  return sendPage(c, 200, cardPage({ action: pagePath(CARD_PATH, tx.vpsTxId), order: order(tx), ...form }));
}

function showChallenge(c: Context, tx: TransactionRecord, last4: string): Response {
  return sendPage(
    c,
    200,
    challengePage({ action: pagePath(CHALLENGE_PATH, tx.vpsTxId), order: order(tx), last4 }),
  );
}

/** The open transaction a hosted page is for; otherwise the page that says why there is none. */
function openTransaction(options: PaymentPagesOptions, c: Context): TransactionRecord | Response {
  const tx = options.store.get(c.req.query('vpstxid') ?? '');
  if (!tx) return showNotFound(c);
  if (!options.isOpen(tx)) return showClosed(c, tx);
  return tx;
}

/** Completes the transaction, notifies the vendor and sends the shopper where the vendor says (§8.3). */
async function finish(
  options: PaymentPagesOptions,
  c: Context,
  tx: TransactionRecord,
  outcome: Outcome,
): Promise<Response> {
  const fields = notificationFields(tx, outcome);
  if (!options.store.complete(tx.vpsTxId, outcome.status, outcome.statusDetail, fields, options.now()))
    return showClosed(c, options.store.get(tx.vpsTxId) ?? tx);
  options.log?.(`Transaction ${tx.vpsTxId} (${tx.vendorTxCode}): ${outcome.status} ${outcome.statusDetail}`);
  const result = await options.notifier.deliver(tx.vpsTxId, 'shopper');
  if (result.answered) return sendRedirect(c, result.redirectUrl, redirectBody(result.redirectUrl));
  return showNoRedirect(c, tx, outcome);
}

export function createPaymentPages(options: PaymentPagesOptions) {
  const { store } = options;

  /** `GET /gateway/service/cardselection?vpstxid=…`: the card form, or the challenge already started. */
  function cardPageGet(c: Context): Response {
    const tx = openTransaction(options, c);
    if (tx instanceof Response) return tx;
    if (tx.challenge) return showChallenge(c, tx, tx.challenge.number.slice(-4));
    return showCardForm(c, tx);
  }

  /** `POST /gateway/service/cardselection?vpstxid=…`: the card entered, or Cancel. */
  async function cardPagePost(c: Context): Promise<Response> {
    const tx = openTransaction(options, c);
    if (tx instanceof Response) return tx;
    const form = await readForm(c, cardForm);
    if (form.action === 'cancel') return finish(options, c, tx, aborted());
    const entry: CardEntry = {
      cardNumber: form.CardNumber,
      expiryDate: form.ExpiryDate,
      securityCode: form.SecurityCode,
      cardHolder: form.CardHolder,
    };
    const check = checkCard(entry, new Date(options.now()));
    if (!check.ok) {
      const values = {
        cardNumber: entry.cardNumber,
        expiryDate: entry.expiryDate,
        cardHolder: entry.cardHolder,
      };
      if (!check.attempt) return showCardForm(c, tx, { values, errors: check.errors });
      const attempts = store.failAttempt(tx.vpsTxId);
      if (attempts === undefined) return showClosed(c, store.get(tx.vpsTxId) ?? tx);
      if (attempts >= MAX_FAILED_ATTEMPTS)
        return finish(options, c, tx, rejectedAfterAttempts(check.known, tx.fields));
      return showCardForm(c, tx, {
        values,
        errors: check.errors,
        attemptsLeft: MAX_FAILED_ATTEMPTS - attempts,
      });
    }
    const { entered } = check;
    const secure = threeDSecure(entered, tx.fields);
    if (secure === 'CHALLENGE') {
      store.setChallenge(tx.vpsTxId, {
        number: entered.card.number,
        expiry: entered.expiry,
        cardHolder: entered.cardHolder,
      });
      return showChallenge(c, tx, entered.last4);
    }
    return finish(options, c, tx, authorise(entered, secure, tx.fields));
  }

  /** `POST /gateway/service/authentication?vpstxid=…`: the right word authenticates, anything else fails (§5.2). */
  async function challenge(c: Context): Promise<Response> {
    const tx = openTransaction(options, c);
    if (tx instanceof Response) return tx;
    const form = await readForm(c, challengeForm);
    const card = tx.challenge && findTestCard(tx.challenge.number);
    if (!tx.challenge || !card) return c.body(null, 303, { Location: pagePath(CARD_PATH, tx.vpsTxId) });
    if (form.action === 'cancel') return finish(options, c, tx, aborted());
    const passed = form.Code.trim().toLowerCase() === CHALLENGE_WORD;
    const entered = {
      card,
      last4: card.number.slice(-4),
      expiry: tx.challenge.expiry,
      cardHolder: tx.challenge.cardHolder,
    };
    return finish(options, c, tx, authorise(entered, passed ? 'OK' : 'NOTAUTHED', tx.fields));
  }

  return { cardPageGet, cardPagePost, challenge };
}
