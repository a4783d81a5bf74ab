/**
 * T2 kill mid-payment: Magento is paused (SIGSTOP) after the shopper pressed Pay, so the replica that
 * claims the authorised notification is stuck placing the order with its request sent. That replica (the
 * claim's holder: a column of the claim naming it, else the replica with a request unread by the paused
 * Magento, else both in turn) is killed with -9 and started again, then Magento resumes (and may complete
 * the dead replica's order). The transaction must still end PAID with exactly one complete order and the
 * sandbox settled, and the sandbox's delivery log must hold no ERROR reply (a final answer that voids).
 */
import { payByCard, registerCheckout } from '../checkout.ts';
import { deliveryTally, judgeWhenFinal, tallyText } from '../payments.ts';
import { PORTS } from '../ports.ts';
import { seconds, sleep, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { waitingOn } from '../sockets.ts';
import { bridgePayments, buyableProducts, type BridgePayment } from '../state.ts';
import type { Replica, Topology } from '../topology.ts';

/** The replica a claim names in any of its columns (a schema that records its holder). */
const namedHolder = (topology: Topology, payment: BridgePayment): Replica | undefined =>
  topology.replicas.find((replica) => Object.values(payment.row).some((value) => value === replica.id));

export const killMidPayment: Scenario = {
  id: 't2',
  title: 'kill -9 of the replica placing an order: PAID with one order, no ERROR reply',
  timeoutMs: 150_000,
  async run({ topology, signal, log }: ScenarioContext, findings: Findings) {
    const { magento } = topology;
    if (!magento) throw new Error('Magento is not up');
    const shop = { siteUrl: topology.urls.varnish };
    const [product] = buyableProducts(topology.magentoDb).slice(-1);
    if (!product) throw new Error('No product to buy');
    const registered = await registerCheckout(shop, product, 't2');
    magento.pause();
    log(`Magento paused; paying ${registered.vpsTxId}`);
    const card = payByCard(registered).catch((error: unknown) => String(error));

    const holder = async (): Promise<
      { payment: BridgePayment; replicas: Replica[]; how: string } | undefined
    > => {
      const view = await bridgePayments(
        topology.storeUrl,
        topology.replicas.map((replica) => replica.paymentsDb),
      );
      const payment = view.payments.get(registered.vpsTxId);
      if (payment?.state !== 'PLACING') return undefined;
      const named = namedHolder(topology, payment);
      if (named) return { payment, replicas: [named], how: 'named by the claim' };
      const pids = topology.replicas.flatMap((replica) => (replica.daemon.pid ? [replica.daemon.pid] : []));
      const waiting = waitingOn(PORTS.magento, pids);
      const found = topology.replicas.filter(
        (replica) => replica.daemon.pid && waiting.includes(replica.daemon.pid),
      );
      if (found.length === 1) return { payment, replicas: found, how: 'waiting on the paused Magento' };
      return undefined;
    };
    let claim: Awaited<ReturnType<typeof holder>>;
    const deadline = Date.now() + 15_000;
    while (!claim && Date.now() < deadline) {
      claim = await holder();
      if (!claim) await sleep(100, signal);
    }
    if (!claim) {
      // The claim exists but its holder cannot be told apart: kill both, one after the other.
      const view = await bridgePayments(topology.storeUrl, []);
      const state = view.payments.get(registered.vpsTxId)?.state ?? 'no row';
      findings.check(
        state === 'PLACING',
        `the notification claimed the transaction within 15 s (state: ${state})`,
      );
      if (state !== 'PLACING') {
        magento.resume();
        return;
      }
      claim = {
        payment: view.payments.get(registered.vpsTxId) as BridgePayment,
        replicas: [...topology.replicas],
        how: 'not known: both killed in turn',
      };
    }
    findings.figure(`claim held by ${claim.replicas.map((r) => r.id).join(' then ')} (${claim.how})`);

    const killedAt = Date.now();
    for (const replica of claim.replicas) {
      await replica.daemon.kill9();
      log(`killed ${replica.id} with -9, starting it again`);
      replica.daemon.start();
      if (claim.replicas.length > 1) await topology.startReplica(replica);
    }
    await sleep(500, signal);
    magento.resume();
    log('Magento resumed');
    for (const replica of claim.replicas) await topology.startReplica(replica);

    const judged = await judgeWhenFinal(topology, [registered], 100_000, signal);
    const [verdict] = judged.verdicts;
    const finalIn = Date.now() - killedAt;
    findings.check(
      verdict?.bridge?.state === 'PAID' && verdict.sandbox?.settled === true,
      `transaction ends PAID and settled: ${verdict?.facts ?? 'no verdict'} (${judged.settledInTime ? `final ${seconds(finalIn)} after the kill` : `still not final ${seconds(judged.waitedMs)} after the kill`})`,
    );
    findings.check(
      verdict?.orders.length === 1 && verdict.completeOrders === 1,
      `exactly one complete order for the quote: ${verdict?.orders.map((o) => `${o.increment_id} ${o.state}`).join(', ') || 'none'}`,
    );
    const tally = deliveryTally(judged.verdicts);
    findings.check(
      tally.errors === 0,
      `no ERROR reply in the sandbox's delivery log: ${tallyText(tally.byReply)}`,
    );
    const answered = await card;
    findings.figure(
      `the shopper's card page: ${typeof answered === 'string' ? answered : `${answered.status}${answered.location ? ` → ${answered.location}` : ' (the sandbox’s own page: the shop did not answer in time)'}`}`,
    );
  },
};
