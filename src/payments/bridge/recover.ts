/**
 * Step 4, recover: finishes the transactions a crash left PLACING. An authorised notification claims its
 * transaction for a lease; when the process dies before the transaction is final, nothing else would touch
 * it until the provider notifies again, and the shopper's money would be taken with no order, or Magento
 * would hold a pending order nobody completes. Once the lease has run out, this takes the claim over (the
 * same compare-and-set a notification uses, so two recoveries never both place) and runs `place` for the
 * authorised status the claim remembered; `place` reconciles by quote id, so an order placed just before
 * the crash is adopted, never placed again.
 */
import { describe, type BridgeDeps } from './deps.ts';
import { giveBackOwed } from './give-back.ts';
import { orderable } from './orderable.ts';
import { place } from './place.ts';
import { settle } from './settle.ts';

/**
 * Finishes every abandoned PLACING transaction, asks about those left waiting, and gives back what is
 * still owed; how many it took over or gave back.
 */
export async function recover(deps: BridgeDeps): Promise<number> {
  return (await takeOver(deps)) + (await askProviders(deps)) + (await giveBackOwed(deps));
}

/**
 * The transactions left REGISTERED for a while, for providers that can say what became of them (PayPal:
 * approved by a shopper who closed the tab, or expired): settled with the provider's answer.
 */
async function askProviders(deps: BridgeDeps): Promise<number> {
  let settled = 0;
  const before = new Date(Date.now() - deps.askAfterMs).toISOString();
  for (const provider of deps.config.providers) {
    if (!provider.check) continue;
    for (const record of await deps.store.waiting(provider.name, before)) {
      try {
        const said = await provider.check(record, { orderable: (each) => orderable(deps, each) });
        if (!said) continue;
        await settle(deps, record, said);
        settled += 1;
      } catch (error) {
        deps.log(`Payment ${record.code}: ${provider.name} not asked about it: ${describe(error)}`);
      }
    }
  }
  return settled;
}

async function takeOver(deps: BridgeDeps): Promise<number> {
  let taken = 0;
  for (const record of await deps.store.abandoned()) {
    // A row written before claims remembered their status waits for the provider's next notification.
    const status = record.authorisedStatus;
    if (status === null) continue;
    if (!(await deps.store.claim(record.code, deps.leaseMs, status))) continue;
    taken += 1;
    deps.log(`Payment ${record.code}: taking over a claim abandoned while placing its order`);
    try {
      await place(deps, record.code, status);
    } catch (error) {
      // As for a notification: the claim expires and the next recovery or notification tries again.
      deps.log(`Payment ${record.code}: recovery failed: ${describe(error)}`);
    }
  }
  return taken;
}
