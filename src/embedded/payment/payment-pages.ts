/**
 * The shopper's side of the hosted page (§8.2–8.3): the card form at NextURL, the 3-D Secure challenge,
 * and the end of every payment: complete the transaction, notify the vendor, then 303 the browser to the
 * vendor's RedirectURL, or show 5006 while the notifier keeps retrying.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { MAX_FORM_BYTES, readForm, sendPage, sendRedirect, sendText } from './http.ts';
import { notificationFields } from './notification.ts';
import type { Notifier } from './notifier.ts';
import {
  cardPage,
  challengePage,
  formatAmount,
  messagePage,
  redirectBody,
  type CardPage,
  type Order,
} from './pages.ts';
import { CARD_PATH, CHALLENGE_PATH, pagePath } from './paths.ts';

export interface PaymentPagesOptions {
  readonly store: SandboxStore;
  readonly notifier: Notifier;
  /** Still payable: registered and not yet timed out. */
  readonly isOpen: (tx: TransactionRecord) => boolean;
  readonly now: () => number;
  readonly log?: ((message: string) => void) | undefined;
}

/** ELV-FSTAT, ACA 2001: the third failed card entry rejects the transaction. */
const MAX_FAILED_ATTEMPTS = 3;

const order = (tx: TransactionRecord): Order => ({
  vendor: tx.vendor,
  description: tx.description,
  amountPence: tx.amountPence,
  currency: tx.currency,
});

function showNotFound(res: ServerResponse): void {
  sendPage(
    res,
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

function showClosed(res: ServerResponse, tx: TransactionRecord): void {
  if (tx.status === 'REGISTERED') {
    sendPage(
      res,
      200,
      messagePage({
        title: 'This payment has timed out',
        paragraphs: [
          'For your security a payment page stays open for a limited time, and this one has closed. No money was taken.',
          'Go back to the shop and start the payment again.',
        ],
      }),
    );
    return;
  }
  sendPage(
    res,
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

function showNoRedirect(res: ServerResponse, tx: TransactionRecord, outcome: Outcome): void {
  sendPage(
    res,
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

export function createPaymentPages(options: PaymentPagesOptions) {
  const { store, notifier } = options;

  /** Completes the transaction, notifies the vendor and sends the shopper where the vendor says (§8.3). */
  async function finish(res: ServerResponse, tx: TransactionRecord, outcome: Outcome): Promise<void> {
    const fields = notificationFields(tx, outcome);
    if (!store.complete(tx.vpsTxId, outcome.status, outcome.statusDetail, fields, options.now())) {
      showClosed(res, store.get(tx.vpsTxId) ?? tx);
      return;
    }
    options.log?.(
      `Transaction ${tx.vpsTxId} (${tx.vendorTxCode}): ${outcome.status} ${outcome.statusDetail}`,
    );
    const result = await notifier.deliver(tx.vpsTxId, 'shopper');
    if (result.answered) sendRedirect(res, result.redirectUrl, redirectBody(result.redirectUrl));
    else showNoRedirect(res, tx, outcome);
  }

  /** The open transaction a hosted page is for; otherwise the page that says why there is none. */
  function openTransaction(url: URL, res: ServerResponse): TransactionRecord | undefined {
    const tx = store.get(url.searchParams.get('vpstxid') ?? '');
    if (!tx) showNotFound(res);
    else if (!options.isOpen(tx)) showClosed(res, tx);
    else return tx;
    return undefined;
  }

  function showCardForm(
    res: ServerResponse,
    tx: TransactionRecord,
    form: Pick<CardPage, 'values' | 'errors' | 'attemptsLeft'> = {},
  ): void {
    sendPage(res, 200, cardPage({ action: pagePath(CARD_PATH, tx.vpsTxId), order: order(tx), ...form }));
  }

  function showChallenge(res: ServerResponse, tx: TransactionRecord, last4: string): void {
    sendPage(
      res,
      200,
      challengePage({ action: pagePath(CHALLENGE_PATH, tx.vpsTxId), order: order(tx), last4 }),
    );
  }

  /** `GET|POST /gateway/service/cardselection?vpstxid=…` */
  async function cardSelection(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'POST') {
      sendText(res, 405, 'Method Not Allowed\n', { Allow: 'GET, POST' });
      return;
    }
    const tx = openTransaction(url, res);
    if (!tx) return;
    if (req.method === 'GET') {
      if (tx.challenge) showChallenge(res, tx, tx.challenge.number.slice(-4));
      else showCardForm(res, tx);
      return;
    }
    const form = await readForm(req, MAX_FORM_BYTES);
    if (form['action'] === 'cancel') return finish(res, tx, aborted());
    const entry: CardEntry = {
      cardNumber: form['CardNumber'] ?? '',
      expiryDate: form['ExpiryDate'] ?? '',
      securityCode: form['SecurityCode'] ?? '',
      cardHolder: form['CardHolder'] ?? '',
    };
    const check = checkCard(entry, new Date(options.now()));
    if (!check.ok) {
      const values = {
        cardNumber: entry.cardNumber,
        expiryDate: entry.expiryDate,
        cardHolder: entry.cardHolder,
      };
      if (!check.attempt) return showCardForm(res, tx, { values, errors: check.errors });
      const attempts = store.failAttempt(tx.vpsTxId);
      if (attempts === undefined) return showClosed(res, store.get(tx.vpsTxId) ?? tx);
      if (attempts >= MAX_FAILED_ATTEMPTS)
        return finish(res, tx, rejectedAfterAttempts(check.known, tx.fields));
      return showCardForm(res, tx, {
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
      return showChallenge(res, tx, entered.last4);
    }
    return finish(res, tx, authorise(entered, secure, tx.fields));
  }

  /** `POST /gateway/service/authentication?vpstxid=…`: the right word authenticates, anything else fails (§5.2). */
  async function challenge(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST') {
      sendText(res, 405, 'Method Not Allowed\n', { Allow: 'POST' });
      return;
    }
    const tx = openTransaction(url, res);
    if (!tx) return;
    const form = await readForm(req, MAX_FORM_BYTES);
    const card = tx.challenge && findTestCard(tx.challenge.number);
    if (!tx.challenge || !card) {
      res.writeHead(303, { Location: pagePath(CARD_PATH, tx.vpsTxId) }).end();
      return;
    }
    if (form['action'] === 'cancel') return finish(res, tx, aborted());
    const passed = (form['Code'] ?? '').trim().toLowerCase() === CHALLENGE_WORD;
    const entered = {
      card,
      last4: card.number.slice(-4),
      expiry: tx.challenge.expiry,
      cardHolder: tx.challenge.cardHolder,
    };
    return finish(res, tx, authorise(entered, passed ? 'OK' : 'NOTAUTHED', tx.fields));
  }

  return { cardSelection, challenge };
}
