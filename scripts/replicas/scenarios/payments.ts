/**
 * T1 payments: guest checkouts through Varnish → HAProxy, a third each with the sandbox plain, with
 * PAYMENT_SANDBOX_DROP_FIRST_REPLY (the first answer to each notification is lost, so it is sent again and
 * may reach the other replica) and with PAYMENT_SANDBOX_NOTIFY_TWICE (two notifications at once, likely on
 * both replicas). Each third's checkouts run concurrently. Per transaction: settled ⇔ PAID ⇔ exactly one
 * complete order; void ⇔ FAILED ⇔ none. Also: the shopper lands on the paid page and the status route
 * says paid, whichever replica answers.
 */
import {
  landing,
  payByCard,
  paymentStatus,
  registerCheckout,
  type CardOutcome,
  type Registered,
} from '../checkout.ts';
import { percentile } from '../http.ts';
import { deliveryTally, judgeWhenFinal, mapLimit, tallyText } from '../payments.ts';
import { seconds, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { buyableProducts } from '../state.ts';
import type { SandboxSwitches } from '../topology.ts';

const THIRDS: readonly { name: string; switches: SandboxSwitches }[] = [
  { name: 'plain', switches: {} },
  { name: 'DROP_FIRST_REPLY', switches: { dropFirstReply: true } },
  { name: 'NOTIFY_TWICE', switches: { notifyTwice: true } },
];

interface Attempt {
  readonly registered?: Registered;
  readonly card?: CardOutcome;
  readonly landed?: number | undefined;
  readonly registerMs: number;
  readonly error?: string;
}

export const payments: Scenario = {
  id: 't1',
  title:
    'payments: guest checkouts under plain, drop-first-reply and notify-twice sandboxes keep the invariant',
  timeoutMs: 240_000,
  async run({ topology, options, signal, log }: ScenarioContext, findings: Findings) {
    const shop = { siteUrl: topology.urls.varnish };
    const products = buyableProducts(topology.magentoDb);
    if (!findings.check(products.length > 0, `${products.length} products to buy from`)) return;
    let offset = 0;
    for (const [index, third] of THIRDS.entries()) {
      const count = Math.floor(options.checkouts / 3) + (index < options.checkouts % 3 ? 1 : 0);
      if (count === 0) continue;
      await topology.restartSandbox(third.switches);
      log(`${third.name}: ${count} concurrent checkouts`);
      const mark = topology.balancerLog.mark();
      const attempts = await mapLimit(
        Array.from({ length: count }),
        count,
        async (_, at): Promise<Attempt> => {
          const product = products[(offset + at) % products.length];
          const started = performance.now();
          try {
            if (!product) throw new Error('no product');
            const registered = await registerCheckout(shop, product, `t1-${index}-${at}`);
            const registerMs = performance.now() - started;
            const card = await payByCard(registered);
            return { registered, card, landed: await landing(shop, card), registerMs };
          } catch (error) {
            return {
              registerMs: performance.now() - started,
              error: error instanceof Error ? error.message : String(error),
            };
          }
        },
      );
      offset += count;
      signal.throwIfAborted();
      const failedSteps = attempts.filter((a) => a.error);
      findings.check(
        failedSteps.length === 0,
        `${third.name}: ${count - failedSteps.length} of ${count} checkouts reached the card page and paid${failedSteps[0] ? ` (first failure: ${failedSteps[0].error})` : ''}`,
      );
      const registered = attempts.flatMap((a) => (a.registered ? [a.registered] : []));
      const judged = await judgeWhenFinal(topology, registered, 60_000, signal);
      const broken = judged.verdicts.filter((v) => !v.ok);
      const tally = deliveryTally(judged.verdicts);
      const paid = judged.verdicts.filter((v) => v.sandbox?.settled && v.bridge?.state === 'PAID').length;
      const duplicates = judged.verdicts.filter((v) => v.orders.length > 1).length;
      const completeButVoid = judged.verdicts.filter((v) => v.sandbox?.void && v.completeOrders > 0).length;
      findings.check(
        broken.length === 0 && judged.settledInTime,
        `${third.name}: invariant holds for ${judged.verdicts.length - broken.length} of ${judged.verdicts.length} (${paid} settled+PAID+1 order; ${duplicates} with duplicate orders, ${completeButVoid} complete but void)${judged.settledInTime ? '' : `; not all final after ${seconds(judged.waitedMs)}`}${broken[0] ? `; e.g. ${broken[0].registered.vpsTxId}: ${broken[0].facts}` : ''}`,
      );
      const notified = [...topology.balancerLog.servedBy('/payments/opayo/notify', mark)];
      findings.figure(
        `${third.name}: notifications answered: ${tallyText(tally.byReply)}; served by ${notified.map(([id, n]) => `${id} ×${n}`).join(', ') || '?'}; bridge read from ${judged.bridgeSource}`,
      );
      const cards = attempts.flatMap((a) => (a.card ? [a.card] : []));
      const registerMs = attempts.filter((a) => a.registered).map((a) => a.registerMs);
      const cardMs = cards.map((c) => c.ms);
      const p = (values: number[], at: number) => percentile(values, at).toFixed(0);
      findings.figure(
        `${third.name}: cart to card page p50 ${p(registerMs, 50)} ms, p95 ${p(registerMs, 95)} ms; card to shop p50 ${p(cardMs, 50)} ms, p95 ${p(cardMs, 95)} ms`,
      );
      const landedPaid = attempts.filter(
        (a) => a.card?.location?.includes('/paid') && a.landed === 200,
      ).length;
      findings.check(
        landedPaid === registered.length,
        `${third.name}: ${landedPaid} of ${registered.length} shoppers sent back to /paid (200 via Varnish)`,
      );
      const statuses = await mapLimit(registered, 8, (r) => paymentStatus(shop, r.code));
      const saidPaid = statuses.filter((status) => status === 'paid').length;
      const others = [...new Set(statuses.filter((status) => status !== 'paid'))].join(', ');
      findings.check(
        saidPaid === registered.length,
        `${third.name}: /payments/status says paid for ${saidPaid} of ${registered.length}${others ? ` (others: ${others})` : ''}`,
      );
    }
  },
};
