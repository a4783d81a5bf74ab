/**
 * Step 5, give back: a payment the provider took (PayPal's capture) whose order Magento then would not
 * place is refunded, never kept. `place` records the transaction FAILED with the money OWED in the same
 * conditional write that ends it, then asks the provider; once the provider says it is refunded, OWED
 * becomes DONE. A provider that cannot answer now (down, or a replica dying in between) leaves it OWED,
 * and recovery asks again on whichever replica leads. The provider refunds once however often it is asked
 * (PayPal: one `PayPal-Request-Id` per transaction), and OWED → DONE happens once, so the shopper gets
 * one refund and the log one line.
 */
import type { PaymentProvider } from '../provider.ts';
import type { PaymentRecord } from '../payment-records.ts';
import { describe, type BridgeDeps } from './deps.ts';

const providerOf = (deps: BridgeDeps, record: PaymentRecord): PaymentProvider | undefined =>
  deps.config.providers.find((provider) => provider.name === record.provider);

/**
 * Whether a payment that failed after its provider said AUTHORISED is money to give back: only for a
 * provider that takes it before the shop answers (Opayo voids on the shop's INVALID instead).
 */
export const owesBack = (deps: BridgeDeps, record: PaymentRecord): boolean =>
  providerOf(deps, record)?.giveBack !== undefined;

/** Asks the provider to give back the OWED payment `code`; true once it is given back. */
export async function giveBack(deps: BridgeDeps, code: string): Promise<boolean> {
  const record = await deps.store.get(code);
  if (record?.giveBack !== 'OWED') return record?.giveBack === 'DONE';
  const provider = providerOf(deps, record);
  if (!provider?.giveBack) {
    deps.log(`Payment ${code}: owed back, but ${record.provider} cannot refund it; refund it by hand`);
    return false;
  }
  try {
    const result = await provider.giveBack(record);
    if (!result.ok) {
      deps.log(`Payment ${code}: not refunded yet (${provider.name}: ${result.detail}); will ask again`);
      return false;
    }
    if (await deps.store.givenBack(code, result.refundedPence))
      deps.log(`Payment ${code}: ${result.refundedPence} pence refunded, as its order could not be placed`);
    return true;
  } catch (error) {
    deps.log(`Payment ${code}: not refunded yet (${describe(error)}); will ask again`);
    return false;
  }
}

/** Every payment still owed back (its refund failed, or its replica died first); how many were given back. */
export async function giveBackOwed(deps: BridgeDeps): Promise<number> {
  let given = 0;
  for (const record of await deps.store.owed()) if (await giveBack(deps, record.code)) given += 1;
  return given;
}
