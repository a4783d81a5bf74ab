/**
 * The Outbox features queue in (outbox.ts), kept in the shared store: `enqueue` inserts the message under
 * its key (nothing when the key is there already), then wakes this process's sender and tells the other
 * replicas' (PostgreSQL's NOTIFY; on SQLite they poll). It resolves once the row is stored, never when the
 * message is sent.
 */
import { errorMessage } from '../http/index.ts';
import type { SharedStore } from '../store/shared-store.ts';
import type { Outbox } from './outbox.ts';
import { insertMail, MAIL_CHANNEL } from './queue.ts';

/** Keys name what the message is about by ids (`trade-application:42`), never by an e-mail address. */
const KEY = /^[\w.:/-]{1,200}$/;

export function storeOutbox(
  store: SharedStore,
  wake: () => void = () => undefined,
  log: (message: string) => void = (message) => console.warn(message),
): Outbox {
  return {
    async enqueue(key, mail) {
      if (!KEY.test(key))
        throw new Error(
          `"${key}" is no outbox key: up to 200 letters, digits and . _ : / -, naming the message by ids (e.g. booking-confirmed:42).`,
        );
      if (!(await insertMail(store, key, mail))) return;
      wake();
      await store.notify(MAIL_CHANNEL, key).catch((error: unknown) => {
        log(`E-mail ${key} queued; other replicas not told (they poll): ${errorMessage(error)}`);
      });
    },
  };
}
