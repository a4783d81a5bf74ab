/**
 * Where payments live: in PostgreSQL when the shared store is PostgreSQL (with the rows of an older
 * single-host PAYMENTS_DB file copied in, so its PLACING claims are not lost), else in the PAYMENTS_DB file,
 * which serving the site never creates. The routes from the environment stop their recovery, and release
 * its lock, when their owner aborts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { createPaymentRoutesFromEnv } from '../../src/payments/config.ts';
import { paymentHome } from '../../src/payments/home.ts';
import { NOTIFY_PATH } from './opayo-bridge.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import { postgresTestStore, type TestStore } from '../support/stores.ts';
import { newPayment } from './carts.ts';
import { PAYMENTS_BEFORE_ORDER_NUMBERS } from './old-files.ts';

const PAID_REPLY = { status: 'OK', redirectUrl: 'http://127.0.0.1:4321/paid' } as const;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'payments-home-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const payment = (code: string) => newPayment(code, 12);

/** A payments file as an older single-host shop left it: one PLACING claim (long run out), one PAID. */
function oldFile(file: string, placing: string, paid: string): void {
  const old = new DatabaseSync(file);
  old.exec(PAYMENTS_BEFORE_ORDER_NUMBERS);
  const insert = old.prepare(
    `INSERT INTO payments VALUES (?, 'opayo-server', '{X}', 'KEY', 1000, 'GBP', 'guest', NULL, NULL,
      'a@example.com', 9, 'SKU×1', ?, ?, ?, NULL, ?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
  );
  insert.run(placing, 'PLACING', null, null, null, 1, 'OK');
  insert.run(paid, 'PAID', 'OK', 55, JSON.stringify(PAID_REPLY), null, 'OK');
  old.close();
}

describe('with a PostgreSQL shared store', () => {
  let test: TestStore;
  beforeEach(() => {
    test = postgresTestStore();
  });
  afterEach(() => test.dispose());

  it('keeps payments in it, copying in the rows of an older payments file once, never over its own', async () => {
    const file = join(dir, 'payments.sqlite');
    const placing = `P${'1'.repeat(39)}`;
    const paid = `P${'2'.repeat(39)}`;
    oldFile(file, placing, paid);
    // The database already knows the paid one, further on than the file: it stays as it is.
    const inDatabase = openPaymentStore(test.store);
    await inDatabase.insert(payment(paid));
    const logs: string[] = [];

    const home = paymentHome({ PAYMENTS_DB: file }, test.open(), (line) => logs.push(line));
    expect(await home.store.get(placing)).toMatchObject({ state: 'PLACING', authorisedStatus: 'OK' });
    expect(await home.store.get(paid)).toMatchObject({ state: 'REGISTERED', orderId: null });
    // The old claim ran out long ago: recovery finishes it like any other.
    expect((await home.store.abandoned()).map((record) => record.code)).toEqual([placing]);
    expect(logs).toEqual([expect.stringMatching(/^Payments: 1 of the 2 transaction\(s\) in .* copied into/)]);

    // Another replica starting later copies nothing again.
    const again = paymentHome({ PAYMENTS_DB: file }, test.open(), (line) => logs.push(line));
    await again.store.get(placing);
    expect(logs[1]).toMatch(/^Payments: 0 of the 2 transaction\(s\)/);
    const lock = await home.lead();
    expect(lock).not.toBeNull();
    expect(await again.lead()).toBeNull();
    await lock?.release();
  });

  it('needs no payments file, and creates none', async () => {
    const file = join(dir, 'payments.sqlite');
    const home = paymentHome({ PAYMENTS_DB: file }, test.store, () => undefined);
    await home.store.insert(payment(`C${'3'.repeat(39)}`));
    expect(await openPaymentStore(test.open()).get(`C${'3'.repeat(39)}`)).toMatchObject({
      state: 'REGISTERED',
    });
    expect(existsSync(file)).toBe(false);
  });
});

describe('without one (or with an SQLite one)', () => {
  it('keeps payments in PAYMENTS_DB, created on first use only', async () => {
    const file = join(dir, 'payments', 'payments.sqlite');
    const shared = openSqliteStore(join(dir, 'shop.sqlite'));
    const home = paymentHome({ PAYMENTS_DB: file }, shared, () => undefined);
    try {
      expect(await home.lead()).toBeNull();
      expect(existsSync(file)).toBe(false);
      await home.store.insert(payment(`C${'4'.repeat(39)}`));
      expect(existsSync(file)).toBe(true);
      expect(await openPaymentStore(shared).get(`C${'4'.repeat(39)}`)).toBeUndefined();
      const lock = await home.lead();
      expect(lock).not.toBeNull();
      await lock?.release();
    } finally {
      await home.close();
      await shared.close();
    }
  });
});

describe('the payment routes from the environment', () => {
  it('answer notifications, and stop recovery and release its lock when their owner aborts', async () => {
    const file = join(dir, 'payments.sqlite');
    const logs: string[] = [];
    const stop = new AbortController();
    const routes = createPaymentRoutesFromEnv(
      loadEnv({ PAYMENTS_DB: file }),
      (line) => logs.push(line),
      undefined,
      stop.signal,
    );
    const reply = await routes.request(NOTIFY_PATH, {
      method: 'POST',
      body: `VPSProtocol=4.00&TxType=PAYMENT&VendorTxCode=C${'5'.repeat(39)}&VPSTxId=%7BX%7D&Status=OK&VPSSignature=00`,
    });
    expect(await reply.text()).toMatch(/^Status=INVALID\r\n.*\r\nStatusDetail=Unknown transaction\.\r\n$/);
    // The file now exists, so this replica takes the lead at its next try.
    await expect.poll(() => logs, { timeout: 8_000 }).toContain('Payments: this replica now leads recovery');
    stop.abort();
    const other = openSqliteStore(file);
    const taken = async () => {
      const lock = await other.tryLock('payments-recovery');
      await lock?.release();
      return lock !== null;
    };
    try {
      await expect.poll(taken).toBe(true);
    } finally {
      await other.close();
    }
  });
});
