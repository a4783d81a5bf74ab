/**
 * The payment sandbox as a Hono app: the provider side of Opayo Server 4.00 (§8). The vendor's
 * server registers a transaction; the shopper's browser pays (or cancels) on the hosted card page at
 * NextURL; the sandbox posts the signed outcome to the NotificationURL and sends the browser to the
 * RedirectURL the vendor answers with, or shows 5006 and keeps retrying. `runDueWork` is the Transaction
 * Monitor and the retry clock; the server calls it on a timer.
 */
import { Hono, type Context } from 'hono';
import { PROTOCOL } from '@cleaning-shop/contracts/opayo/protocol.ts';
import { aborted } from './authorise.ts';
import type { SandboxStore, TransactionRecord } from './db.ts';
import { sendText } from '@cleaning-shop/kit/sandbox-pages.ts';
import { formBodyLimit, sendJson } from './http.ts';
import { inspectTransactions } from './inspection.ts';
import { notificationFields } from './notification.ts';
import { createNotifier } from './notifier.ts';
import { STYLESHEET, STYLESHEET_PATH } from './pages.ts';
import { CARD_PATH, CHALLENGE_PATH, INSPECTION_PATH, REGISTER_PATH } from './paths.ts';
import { createPaymentPages } from './payment-pages.ts';
import { createRegisterRoute } from './register.ts';

export { CARD_PATH, CHALLENGE_PATH, INSPECTION_PATH, REGISTER_PATH } from './paths.ts';

export interface PaymentSandboxOptions {
  readonly store: SandboxStore;
  /** The sandbox's address as browsers reach it; NextURL starts with it. */
  readonly baseUrl: string;
  /** Vendor name (case-insensitive) → whether its account is active. */
  readonly vendors: Readonly<Record<string, boolean>>;
  /** Currencies the sandbox's merchant account takes. */
  readonly currencies: readonly string[];
  /** The Transaction Monitor aborts transactions still open this long after registration. */
  readonly transactionTimeoutMs: number;
  /** Delays between notification retries; after the last the sandbox gives up. */
  readonly retryScheduleMs: readonly number[];
  /** How long a notification waits for the vendor's reply. */
  readonly notificationTimeoutMs: number;
  /** §8.4: post every notification twice. */
  readonly sendNotificationsTwice: boolean;
  /** §8.4: ignore the reply to a transaction's first notification and send it again. */
  readonly dropFirstReply: boolean;
  /** Registration is refused (4020) from any other address; unset accepts every address. */
  readonly allowedIps?: readonly string[] | undefined;
  /** Serve `GET /sandbox/transactions`. */
  readonly inspection: boolean;
  readonly now?: (() => number) | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

export interface PaymentSandboxApp {
  /** The routes; the server hands them Node's requests through `@hono/node-server`. */
  readonly routes: Hono;
  /** Aborts timed-out transactions and sends due notification retries; resolves when those deliveries end. */
  runDueWork(): Promise<void>;
  /** Stops the notifier, waiting for deliveries in flight. */
  close(): Promise<void>;
}

export function createPaymentSandbox(options: PaymentSandboxOptions): PaymentSandboxApp {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const notifier = createNotifier({
    store,
    retryScheduleMs: options.retryScheduleMs,
    timeoutMs: options.notificationTimeoutMs,
    sendTwice: options.sendNotificationsTwice,
    dropFirstReply: options.dropFirstReply,
    now,
    log,
  });
  const isOpen = (tx: TransactionRecord) =>
    tx.status === 'REGISTERED' && now() - tx.registeredAt < options.transactionTimeoutMs;
  const register = createRegisterRoute({
    store,
    settings: options,
    baseUrl: options.baseUrl,
    allowedIps: options.allowedIps,
    isOpen,
    now,
    log,
  });
  const pages = createPaymentPages({ store, notifier, isOpen, now, log });
  let closing = false;

  return {
    routes: createRoutes(options, register, pages),

    async runDueWork() {
      if (closing) return;
      const started: Promise<unknown>[] = [];
      const time = now();
      // The Transaction Monitor (§4.3): an abandoned payment is aborted and the vendor told so.
      for (const vpsTxId of store.expired(time - options.transactionTimeoutMs)) {
        const tx = store.get(vpsTxId);
        const outcome = aborted();
        const fields = tx && notificationFields(tx, outcome);
        if (!tx || !fields || !store.complete(vpsTxId, outcome.status, outcome.statusDetail, fields, time))
          continue;
        log?.(`Transaction Monitor: ${vpsTxId} (${tx.vendorTxCode}) timed out; ABORT`);
        started.push(notifier.deliver(vpsTxId, 'monitor'));
      }
      for (const vpsTxId of store.due(time)) started.push(notifier.deliver(vpsTxId, 'retry'));
      await Promise.all(started);
    },

    async close() {
      closing = true;
      await notifier.close();
    },
  };
}

type Pages = ReturnType<typeof createPaymentPages>;

const methodNotAllowed =
  (allow: string, text = 'Method Not Allowed\n') =>
  (c: Context) =>
    sendText(c, 405, text, { Allow: allow });

const notFound = (c: Context) => sendText(c, 404, 'Not Found\n');

/** Hono answers HEAD from a GET route; the sandbox's GET routes never took HEAD, so it gets `otherwise`. */
const getOnly =
  (handler: (c: Context) => Response, otherwise: (c: Context) => Response) =>
  (c: Context): Response =>
    c.req.method === 'HEAD' ? otherwise(c) : handler(c);

/** The sandbox's routes; anything else is 404, and an unexpected failure a logged 500. */
function createRoutes(
  options: PaymentSandboxOptions,
  register: (c: Context) => Promise<Response>,
  pages: Pages,
): Hono {
  const app = new Hono();
  app.post(REGISTER_PATH, formBodyLimit, register);
  app.all(
    REGISTER_PATH,
    methodNotAllowed('POST', 'Post the transaction registration as application/x-www-form-urlencoded.\n'),
  );
  app.get(CARD_PATH, getOnly(pages.cardPageGet, methodNotAllowed('GET, POST')));
  app.post(CARD_PATH, formBodyLimit, pages.cardPagePost);
  app.all(CARD_PATH, methodNotAllowed('GET, POST'));
  app.post(CHALLENGE_PATH, formBodyLimit, pages.challenge);
  app.all(CHALLENGE_PATH, methodNotAllowed('POST'));
  app.all(STYLESHEET_PATH, (c) =>
    sendText(c, 200, STYLESHEET, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  // No icon, and no 404 in the browser console of every hosted page either.
  app.all('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': 'public, max-age=86400' }));
  if (options.inspection)
    app.get(
      INSPECTION_PATH,
      getOnly(
        (c) => sendJson(c, inspectTransactions(options.store, new URL(c.req.url).searchParams)),
        notFound,
      ),
    );
  const index = `Opayo Server ${PROTOCOL} sandbox\nRegistration: POST ${options.baseUrl}${REGISTER_PATH}\n${options.inspection ? `Transactions: GET ${options.baseUrl}${INSPECTION_PATH}\n` : ''}`;
  app.get(
    '/',
    getOnly((c) => sendText(c, 200, index), notFound),
  );
  app.notFound(notFound);
  app.onError((error, c) => {
    options.log?.(
      `Unexpected error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return sendText(c, 500, 'The sandbox failed to handle this request.\n');
  });
  return app;
}
