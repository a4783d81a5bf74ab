/**
 * The PayPal scenario's kill: the replica handling the shopper's return from PayPal dies with -9 the
 * moment the sandbox shows the capture, before (or while) it settles, with the webhooks held back until it
 * has; what it left must be finished by the other replica's webhook handling or by the recovery leader,
 * and the order still placed exactly once. A kill while placing the order is the same for every provider
 * and is T2's (kill-mid-payment.ts).
 */
import { http } from '../http.ts';
import {
  approve,
  finishedBy,
  judgePayPalWhenFinal,
  sandboxOrders,
  startPayPalCheckout,
  statusOnEveryReplica,
  switchWebhooks,
  webhookTally,
  type PayPalCheckout,
} from '../paypal.ts';
import { seconds, sleep, type Findings, type ScenarioContext } from '../scenario.ts';
import { bridgePayments, buyableProducts } from '../state.ts';
import type { Replica, Topology } from '../topology.ts';

/** A checkout approved on PayPal with its webhooks held back: the return is the only news so far. */
async function approvedQuietly(topology: Topology, tag: string) {
  const [product] = buyableProducts(topology.magentoDb).filter((p) => p.price >= 30);
  if (!product) throw new Error('No product to buy');
  await switchWebhooks(topology.urls.paypal, 'pause');
  const checkout = await startPayPalCheckout({ siteUrl: topology.urls.varnish }, product, tag, 'paypal');
  const location = new URL(await approve(checkout, 'pay'));
  return { checkout, returnPath: `${location.pathname}${location.search}` };
}

/** Judges the one transaction, paid, after the kill: invariant, status on each replica, who finished it. */
async function judgeKilled(
  { topology, signal }: ScenarioContext,
  findings: Findings,
  name: string,
  checkout: PayPalCheckout,
  killedAt: number,
): Promise<void> {
  const judged = await judgePayPalWhenFinal(topology, [{ checkout, expected: 'PAID' }], 100_000, signal);
  const [verdict] = judged.verdicts;
  findings.check(
    verdict?.ok === true && judged.finalInTime,
    `${name}: ${verdict?.facts ?? 'no verdict'}; ${judged.finalInTime ? `final ${seconds(Date.now() - killedAt)} after the kill` : `not final ${seconds(judged.waitedMs)} after`}`,
  );
  const said = await statusOnEveryReplica(topology.replicas, checkout.code);
  findings.check(
    [...said.values()].every((status) => status === 'paid'),
    `${name}: /payments/status says ${[...said].map(([id, s]) => `${id} ${s}`).join(', ')}`,
  );
  findings.figure(
    `${name}: finished by ${finishedBy(topology, checkout.code)}; webhooks ${webhookTally(judged.webhooks, judged.verdicts)}`,
  );
}

/** Starts the killed replica again and lets the held webhooks go. */
async function revive(topology: Topology, killed: Replica, signal: AbortSignal): Promise<void> {
  killed.daemon.start();
  await sleep(500, signal);
  await switchWebhooks(topology.urls.paypal, 'resume');
  await topology.startReplica(killed);
}

export async function killAfterCapture(context: ScenarioContext, findings: Findings): Promise<void> {
  const { topology, signal, log } = context;
  const { checkout, returnPath } = await approvedQuietly(topology, 'pp-kill-captured');
  const target = topology.replicas[topology.replicas.length - 1];
  if (!target) throw new Error('No replica');
  log(`webhooks held back; returning from PayPal for ${checkout.orderId} on ${target.id} directly`);
  const back = http(`${target.url}${returnPath}`, { timeoutMs: 30_000, agent: false });
  const deadline = Date.now() + 10_000;
  let captured = false;
  while (!captured && Date.now() < deadline) {
    captured = ((await sandboxOrders(topology.urls.paypal)).get(checkout.orderId)?.captures.length ?? 0) > 0;
    if (!captured) await sleep(20, signal);
  }
  const killedAt = Date.now();
  await target.daemon.kill9();
  const state = (await bridgePayments(topology.storeUrl, [])).payments.get(checkout.orderId)?.state;
  findings.check(captured, `after the capture: the sandbox showed the capture within 10 s`);
  findings.figure(`after the capture: ${target.id} killed with the transaction ${state ?? 'unknown'}`);
  log(`killed ${target.id} with -9 once captured (bridge: ${state ?? '?'}); starting it again`);
  await revive(topology, target, signal);
  await judgeKilled(context, findings, `after the capture (${target.id} killed)`, checkout, killedAt);
  const reply = await back;
  findings.figure(
    `after the capture: the shopper's return answered ${reply.status === 0 ? `nothing (${reply.error ?? '?'})` : reply.status}`,
  );
}
