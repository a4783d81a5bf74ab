/**
 * The shop's mail for the shopper routes: the outbox they queue in and who signs what they send. With the
 * shared store, the outbox keeps messages there and this replica's sender sends them over SMTP until
 * `signal` is aborted (the server stops). Without one (a test's server), nothing can be queued: each
 * message is logged as not sent, and the shopper's action goes on.
 */
import type { SharedStore } from '../store/shared-store.ts';
import type { MailSender } from './compose.ts';
import type { Outbox } from './outbox.ts';
import { startOutboxSender } from './sender.ts';
import { mailFromOf, mailSignatureOf, smtpUrlOf, type MailSettings } from './settings.ts';
import { smtpTransport } from './smtp.ts';
import { storeOutbox } from './store-outbox.ts';

/** What a route that sends needs: where to queue, and who signs. */
export interface ShopMail {
  readonly outbox: Outbox;
  readonly sender: MailSender;
}

export function startShopMail(
  env: MailSettings,
  store: SharedStore | undefined,
  signal: AbortSignal | undefined,
  log: (message: string) => void,
): ShopMail {
  const sender = mailSignatureOf(env);
  if (!store || signal?.aborted)
    return {
      sender,
      outbox: {
        enqueue: (key) => {
          log(`E-mail ${key} not sent: this server has no shared store to queue it in.`);
          return Promise.resolve();
        },
      },
    };
  const running = startOutboxSender({
    store,
    transport: smtpTransport({ url: smtpUrlOf(env), from: mailFromOf(env) }),
    log,
  });
  signal?.addEventListener('abort', () => void running.close(), { once: true });
  return { sender, outbox: storeOutbox(store, () => running.wake(), log) };
}
