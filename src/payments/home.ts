/**
 * Where the payment bridge keeps its transactions (topology S1). With a PostgreSQL shared store
 * (DATABASE_URL), in it, so a notification reaching any replica finds the transaction another registered;
 * otherwise in the SQLite file PAYMENTS_DB on this host, as before the shared store existed. Either way the
 * store is opened on first use, so serving the site never creates the payments file.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PaymentSettings } from '../config/env.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import {
  onceUntilFailure,
  StoreUnavailableError,
  type HeldLock,
  type SharedStore,
} from '../store/shared-store.ts';
import { customerPayments, NO_CUSTOMER_PAYMENTS, type CustomerPayments } from './customer-records.ts';
import { openPaymentStore, type PaymentStore } from './payment-records.ts';
import { countPayments, NO_PAYMENTS, type PaymentCounts } from './payment-counts.ts';
import { copyPayments, preparePaymentsTable } from './payment-table.ts';
import type { OrderPayments } from './views.ts';
import { assignOwners, type OwnersInMagento } from './record-owners.ts';

/** The lock naming the one replica that runs recovery. */
const RECOVERY_LOCK = 'payments-recovery';

export interface PaymentHome {
  /** The transactions, opened on the first call. */
  readonly store: PaymentStore;
  /** A customer's own transactions, for their data export and their account's deletion. */
  readonly customers: CustomerPayments;
  /** How each order the bridge placed was paid, and what was refunded, for the order pages. */
  readonly orders: OrderPayments;
  /** The records by state, and the payments owed back or given back, for the operator's figures. */
  counts(): Promise<PaymentCounts>;
  /** Links transactions recorded before they had an owner to their account (record-owners.ts). */
  assignOwners(magento: OwnersInMagento): Promise<{ assigned: number; anonymised: number }>;
  /**
   * The recovery lock if this replica can take it; null when another holds it, or when there are no
   * payments yet (no file to recover from, and none is created for it).
   */
  lead(): Promise<HeldLock | null>;
  /** Closes what the home opened itself (the payments file); a shared store is its owner's to close. */
  close(): Promise<void>;
}

/** A PaymentStore that `open`s the real one on its first call (once; again after a failure). */
function openedOnFirstUse(open: () => Promise<PaymentStore>): PaymentStore {
  const store = onceUntilFailure(open);
  return {
    insert: async (payment) => (await store()).insert(payment),
    get: async (code) => (await store()).get(code),
    byProviderRef: async (provider, ref) => (await store()).byProviderRef(provider, ref),
    waiting: async (provider, before) => (await store()).waiting(provider, before),
    recordRefund: async (code, pence) => (await store()).recordRefund(code, pence),
    owed: async () => (await store()).owed(),
    givenBack: async (code, pence) => (await store()).givenBack(code, pence),
    eventSeen: async (provider, id) => (await store()).eventSeen(provider, id),
    rememberEvent: async (provider, id) => (await store()).rememberEvent(provider, id),
    claim: async (code, leaseMs, status) => (await store()).claim(code, leaseMs, status),
    renew: async (code, leaseMs) => (await store()).renew(code, leaseMs),
    recordOrder: async (code, orderId) => (await store()).recordOrder(code, orderId),
    codeOfOrder: async (orderId) => (await store()).codeOfOrder(orderId),
    abandoned: async () => (await store()).abandoned(),
    recordOrderNumber: async (code, number) => (await store()).recordOrderNumber(code, number),
    finish: async (code, from, final) => (await store()).finish(code, from, final),
  };
}

/** The transaction that placed an order, as its page tells it. */
const orderPayments = (store: PaymentStore): OrderPayments => ({
  async ofOrder(orderId) {
    const code = await store.codeOfOrder(orderId);
    const record = code === undefined ? undefined : await store.get(code);
    return record && { method: record.method, refundedPence: record.refundedPence };
  },
});

/** The payments file of one host. */
function fileHome(file: string): PaymentHome {
  let sqlite: SharedStore | undefined;
  const open = () => (sqlite ??= openSqliteStore(file));
  // No payments file yet: no customer has a transaction, and none is created for asking.
  const exists = () => Boolean(sqlite) || existsSync(file);
  const ofCustomers = () => (exists() ? customerPayments(open()) : NO_CUSTOMER_PAYMENTS);
  const store = openedOnFirstUse(() => Promise.resolve(openPaymentStore(open())));
  const orders = orderPayments(store);
  const tableReady = onceUntilFailure(() => preparePaymentsTable(open()));
  return {
    store,
    customers: { of: (id) => ofCustomers().of(id), forget: (id) => ofCustomers().forget(id) },
    // No payments file yet: nothing to count, and none is created for counting.
    counts: async () => {
      if (!exists()) return NO_PAYMENTS;
      await tableReady();
      return countPayments(open());
    },
    orders: { ofOrder: (id) => (exists() ? orders.ofOrder(id) : Promise.resolve(undefined)) },
    assignOwners: (magento) =>
      exists() ? assignOwners(open(), magento) : Promise.resolve({ assigned: 0, anonymised: 0 }),
    // Processes on this host sharing the file elect their leader in it.
    lead: () => (exists() ? open().tryLock(RECOVERY_LOCK) : Promise.resolve(null)),
    close: async () => {
      await sqlite?.close();
      sqlite = undefined;
    },
  };
}

/**
 * Copies the payments file a single-host setup left (PLACING claims to finish, final answers to repeat)
 * into the shared store; rows it already has stay as they are, so copying again at every start is harmless.
 * A file that cannot be read is reported and left; a store that is down is "try again".
 */
async function copyOldFile(file: string, shared: SharedStore, log: (message: string) => void): Promise<void> {
  if (!existsSync(file)) return;
  const old = openSqliteStore(file);
  try {
    const { found, copied } = await copyPayments(old, shared);
    log(
      `Payments: ${copied} of the ${found} transaction(s) in ${file} copied into the shared store (the others were there already); the file can be removed once every replica runs with DATABASE_URL`,
    );
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    log(`Payments: ${file} could not be copied into the shared store: ${String(error)}`);
  } finally {
    await old.close();
  }
}

function sharedHome(shared: SharedStore, file: string, log: (message: string) => void): PaymentHome {
  const payments = openPaymentStore(shared);
  // The old file's rows are copied in once, before the first use of the payments or of their owners.
  const oldFileCopied = onceUntilFailure(() => copyOldFile(file, shared, log));
  const store = openedOnFirstUse(async () => {
    await oldFileCopied();
    return payments;
  });
  const tableReady = onceUntilFailure(() => preparePaymentsTable(shared));
  return {
    store,
    customers: customerPayments(shared),
    orders: orderPayments(store),
    counts: async () => {
      await oldFileCopied();
      await tableReady();
      return countPayments(shared);
    },
    assignOwners: async (magento) => {
      await oldFileCopied();
      return assignOwners(shared, magento);
    },
    lead: () => shared.tryLock(RECOVERY_LOCK),
    close: () => Promise.resolve(),
  };
}

/**
 * The payments' home: the shared store when it is PostgreSQL (every host sees it), else PAYMENTS_DB (an
 * SQLite shared store is on this host too, and the file keeps the payments a shop already has).
 */
export function paymentHome(
  settings: Pick<PaymentSettings, 'PAYMENTS_DB'>,
  shared: SharedStore | undefined,
  log: (message: string) => void,
): PaymentHome {
  const file = resolve(settings.PAYMENTS_DB);
  return shared?.dialect === 'postgres' ? sharedHome(shared, file, log) : fileHome(file);
}
