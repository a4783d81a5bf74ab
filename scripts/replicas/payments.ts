/**
 * The payment invariant of topology.md §6, judged per transaction from the three parties' own records:
 * the sandbox *settled* ⇔ the bridge PAID ⇔ exactly one *complete* Magento order for its quote; *void* ⇔
 * FAILED ⇔ no complete order. Waiting for it: every transaction final at the provider and the bridge.
 */
import type { Registered } from './checkout.ts';
import { sleep } from './scenario.ts';
import {
  bridgePayments,
  magentoOrders,
  sandboxFinal,
  sandboxTransactions,
  type BridgePayment,
  type BridgeView,
  type MagentoOrder,
  type SandboxTransaction,
} from './state.ts';
import type { Topology } from './topology.ts';

export interface Verdict {
  readonly registered: Registered;
  readonly sandbox: SandboxTransaction | undefined;
  readonly bridge: BridgePayment | undefined;
  readonly orders: readonly MagentoOrder[];
  readonly completeOrders: number;
  readonly ok: boolean;
  /** e.g. `sandbox settled, bridge PAID, 1 complete order of 1`. */
  readonly facts: string;
}

export function judge(
  registered: Registered,
  sandbox: SandboxTransaction | undefined,
  bridge: BridgePayment | undefined,
  orders: readonly MagentoOrder[],
): Verdict {
  const completeOrders = orders.filter((order) => order.state === 'complete').length;
  const settled = sandbox?.settled === true;
  const voided = sandbox?.void === true;
  const ok =
    (settled && bridge?.state === 'PAID' && completeOrders === 1 && orders.length === 1) ||
    (voided && bridge?.state === 'FAILED' && completeOrders === 0);
  const provider = sandbox ? (sandbox.settlement ?? `${sandbox.status}, not settled`) : 'unknown';
  const facts = `sandbox ${provider}, bridge ${bridge?.state ?? 'has no row'}, ${completeOrders} complete order(s) of ${orders.length}`;
  return { registered, sandbox, bridge, orders, completeOrders, ok, facts };
}

export interface Judged {
  readonly verdicts: readonly Verdict[];
  readonly bridgeSource: string;
  /** Every transaction final at the provider and in the bridge before the wait ran out. */
  readonly settledInTime: boolean;
  readonly waitedMs: number;
}

async function snapshot(topology: Topology): Promise<{
  sandbox: Map<string, SandboxTransaction>;
  bridge: BridgeView;
  orders: Map<number, MagentoOrder[]>;
}> {
  const [sandbox, bridge] = await Promise.all([
    sandboxTransactions(topology.urls.sandbox),
    bridgePayments(
      topology.storeUrl,
      topology.replicas.map((replica) => replica.paymentsDb),
    ),
  ]);
  return { sandbox, bridge, orders: magentoOrders(topology.magentoDb) };
}

/** Waits (up to `timeoutMs`) until every transaction is final at the provider and in the bridge, then judges. */
export async function judgeWhenFinal(
  topology: Topology,
  registered: readonly Registered[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Judged> {
  const started = Date.now();
  const bridgeFinal = (payment: BridgePayment | undefined) =>
    payment?.state === 'PAID' || payment?.state === 'FAILED';
  for (;;) {
    const state = await snapshot(topology);
    const done = registered.every(
      (r) => sandboxFinal(state.sandbox.get(r.vpsTxId)) && bridgeFinal(state.bridge.payments.get(r.vpsTxId)),
    );
    if (done || Date.now() - started > timeoutMs) {
      return {
        verdicts: registered.map((r) =>
          judge(
            r,
            state.sandbox.get(r.vpsTxId),
            state.bridge.payments.get(r.vpsTxId),
            state.orders.get(r.quoteId) ?? [],
          ),
        ),
        bridgeSource: state.bridge.source,
        settledInTime: done,
        waitedMs: Date.now() - started,
      };
    }
    await sleep(500, signal);
  }
}

/** `f` over `items`, at most `limit` at a time, in order of the items. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await f(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The sandbox's delivery log of these transactions: replies by HTTP status and Opayo status. */
export function deliveryTally(verdicts: readonly Verdict[]): {
  errors: number;
  byReply: Map<string, number>;
} {
  const byReply = new Map<string, number>();
  let errors = 0;
  for (const verdict of verdicts)
    for (const delivery of verdict.sandbox?.notifications ?? []) {
      const key =
        delivery.outcome === 'answered' || delivery.outcome === 'dropped'
          ? `${delivery.httpStatus ?? '?'} ${delivery.replyStatus ?? '-'}${delivery.outcome === 'dropped' ? ' (dropped)' : ''}`
          : `${delivery.httpStatus ?? 'no answer'}${delivery.problem ? ` (${delivery.problem.replace(/^no answer: /, '')})` : ''}`;
      byReply.set(key, (byReply.get(key) ?? 0) + 1);
      if (delivery.replyStatus === 'ERROR') errors++;
    }
  return { errors, byReply };
}

export const tallyText = (byReply: Map<string, number>): string =>
  [...byReply]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ×${count}`)
    .join(', ') || 'none';
