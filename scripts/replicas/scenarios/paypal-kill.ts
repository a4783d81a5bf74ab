/**
 * The PayPal scenario's kills: the replica handling the shopper's return from PayPal dies with -9, with
 * the webhooks held back until it has, so what it left must be finished by the other replica's webhook
 * handling or by the recovery leader, and the order still placed exactly once:
 * - mid-placement: Magento is paused (as in T2), so the return has captured, claimed the transaction and
 *   sent the order to Magento when it dies; Magento may still complete that order once resumed.
 * - after the capture: the return is sent to one replica directly, which is killed the moment the sandbox
 *   shows the capture, before (or while) it settles: the order is PayPal's to tell about again.
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
import { PORTS } from '../ports.ts';
import { seconds, sleep, type Findings, type ScenarioContext } from '../scenario.ts';
import { waitingOn } from '../sockets.ts';
import { bridgePayments, buyableProducts } from '../state.ts';
import type { Replica, Topology } from '../topology.ts';

/** The replica placing `orderId`'s order while Magento is paused: the one with a request unread by it. */
async function placingReplica(topology: Topology, orderId: string, signal: AbortSignal) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const view = await bridgePayments(topology.storeUrl, []);
    if (view.payments.get(orderId)?.state === 'PLACING') {
      const pids = topology.replicas.flatMap((r) => (r.daemon.pid ? [r.daemon.pid] : []));
      const waiting = waitingOn(PORTS.magento, pids);
      const found = topology.replicas.filter((r) => r.daemon.pid && waiting.includes(r.daemon.pid));
      if (found.length === 1) return found[0];
    }
    await sleep(100, signal);
  }
  return undefined;
}

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
  topology.magento?.resume();
  await switchWebhooks(topology.urls.paypal, 'resume');
  await topology.startReplica(killed);
}

export async function killMidPlacement(context: ScenarioContext, findings: Findings): Promise<void> {
  const { topology, signal, log } = context;
  const { magento } = topology;
  if (!magento) throw new Error('Magento is not up');
  const { checkout, returnPath } = await approvedQuietly(topology, 'pp-kill-placing');
  magento.pause();
  log(`webhooks held back, Magento paused; returning from PayPal for ${checkout.orderId} via Varnish`);
  const back = http(`${topology.urls.varnish}${returnPath}`, { timeoutMs: 90_000 });
  const holder = await placingReplica(topology, checkout.orderId, signal);
  findings.check(
    holder !== undefined,
    'mid-placement: the return captured and claimed the order within 15 s',
  );
  if (!holder) {
    magento.resume();
    await switchWebhooks(topology.urls.paypal, 'resume');
    return;
  }
  const killedAt = Date.now();
  await holder.daemon.kill9();
  log(`killed ${holder.id} with -9 while it placed the order; starting it again`);
  await revive(topology, holder, signal);
  await judgeKilled(context, findings, `mid-placement (${holder.id} killed)`, checkout, killedAt);
  const reply = await back;
  findings.figure(
    `mid-placement: the shopper's return answered ${reply.status === 0 ? `nothing (${reply.error ?? '?'})` : `${reply.status}${typeof reply.headers.location === 'string' ? ` → ${reply.headers.location}` : ''}`}`,
  );
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
