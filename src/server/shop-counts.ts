/**
 * The shop's records an operator counts (/metrics and the status page's figures, src/publish/rebuild/figures.ts):
 * the payment records by state and give-back, where the payments live (payments/home.ts), and the e-mail
 * outbox by state, in the shared store.
 */
import { countMail } from '../mail/queue.ts';
import type { PaymentHome } from '../payments/home.ts';
import type { ShopCounts } from '../publish/index.ts';
import type { SharedStore } from '../store/shared-store.ts';

export function shopCounts(
  payments: Pick<PaymentHome, 'counts'>,
  store: SharedStore,
): () => Promise<ShopCounts> {
  return async () => {
    const [paid, outbox] = await Promise.all([payments.counts(), countMail(store)]);
    return { payments: paid.byState, givesBack: paid.byGiveBack, outbox };
  };
}
