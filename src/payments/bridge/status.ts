/** Step 4, status: what `/paid` may tell the browser; the stored state, never anything the browser sent. */
import type { BridgeDeps } from './deps.ts';

export type PaymentStatus = 'pending' | 'paid' | 'failed';

export function status(deps: BridgeDeps, code: string): PaymentStatus | undefined {
  const record = deps.store().get(code);
  if (!record) return undefined;
  return record.state === 'PAID' ? 'paid' : record.state === 'FAILED' ? 'failed' : 'pending';
}
