/**
 * T3 store outage: the shared PostgreSQL becomes unreachable for the replicas (the store gate resets their
 * connections and refuses new ones, as a stopped server; the machine's shared server itself is never
 * stopped) while shoppers pay. Their notifications must be answered 503 (no final answer while the outcome
 * cannot be known), retried by the provider, and settle once the store is back, each with its one order.
 * Pages through Varnish stay 200 meanwhile, cached or not.
 */
import { randomBytes } from 'node:crypto';
import { payByCard, registerCheckout } from '../checkout.ts';
import { http } from '../http.ts';
import { deliveryTally, judgeWhenFinal, mapLimit, tallyText } from '../payments.ts';
import { seconds, sleep, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { buyableProducts } from '../state.ts';

const CHECKOUTS = 6;
const OUTAGE_MS = 10_000;

export const storeOutage: Scenario = {
  id: 't3',
  title: 'store outage during checkouts: notifications 503 then settled, pages stay 200',
  timeoutMs: 120_000,
  async run({ topology, signal, log }: ScenarioContext, findings: Findings) {
    const shop = { siteUrl: topology.urls.varnish };
    const products = buyableProducts(topology.magentoDb);
    const registered = await mapLimit(Array.from({ length: CHECKOUTS }), CHECKOUTS, (_, at) => {
      const product = products[(at * 7) % products.length];
      if (!product) throw new Error('No product to buy');
      return registerCheckout(shop, product, `t3-${at}`);
    });

    // Pages meanwhile: the home page (cached) and a URL Varnish has not seen (asked of a replica).
    const pages: { status: number; cached: boolean }[] = [];
    let browsing = true;
    const browse = (async () => {
      for (let n = 0; browsing && !signal.aborted; n++) {
        const cached = n % 2 === 0;
        const path = cached ? '/' : `/?replicas-t3=${randomBytes(4).toString('hex')}`;
        const reply = await http(`${topology.urls.varnish}${path}`, { timeoutMs: 10_000 });
        pages.push({ status: reply.status, cached });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const closedAt = Date.now();
    topology.closeStore();
    log(`store closed; ${CHECKOUTS} shoppers pay`);
    const cards = await mapLimit(registered, CHECKOUTS, (r) =>
      payByCard(r).catch((error: unknown) => String(error)),
    );
    const sessionDuring = await http(`${topology.urls.haproxy}/session`, {
      method: 'POST',
      headers: { Origin: new URL(topology.urls.varnish).origin, 'X-Forwarded-For': '192.0.2.33' },
      body: { email: 'nobody-t3@example.com', password: 'not-the-password-1' },
    });
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - closedAt)), signal);
    topology.openStore();
    const openedAt = Date.now();
    log('store open again');
    const judged = await judgeWhenFinal(topology, registered, 60_000, signal);
    browsing = false;
    await browse;

    const during = judged.verdicts.flatMap((v) =>
      (v.sandbox?.notifications ?? []).filter((d) => {
        const at = d.sentAt ? Date.parse(d.sentAt) : 0;
        return at >= closedAt && at < openedAt - 1000;
      }),
    );
    const outageAnswers = new Map<string, number>();
    for (const d of during) {
      const key = `${d.httpStatus ?? 'no answer'}${d.replyStatus ? ` ${d.replyStatus}` : ''}`;
      outageAnswers.set(key, (outageAnswers.get(key) ?? 0) + 1);
    }
    findings.check(
      during.length > 0 && during.every((d) => d.httpStatus === 503),
      `notifications sent while the store was out answered 503: ${tallyText(outageAnswers)}`,
    );
    const tally = deliveryTally(judged.verdicts);
    const finalNotOk = judged.verdicts
      .flatMap((v) => v.sandbox?.notifications ?? [])
      .filter((d) => d.replyStatus === 'INVALID' || d.replyStatus === 'ERROR').length;
    findings.check(
      finalNotOk === 0,
      `no final INVALID or ERROR reply at any time: ${tallyText(tally.byReply)}`,
    );
    const broken = judged.verdicts.filter((v) => !v.ok || v.bridge?.state !== 'PAID');
    findings.check(
      broken.length === 0 && judged.settledInTime,
      `after the store is back, ${judged.verdicts.length - broken.length} of ${judged.verdicts.length} settled, PAID, one complete order (${judged.settledInTime ? `all final ${seconds(Date.now() - openedAt)} after` : `not all final after ${seconds(judged.waitedMs)}`})${broken[0] ? `; e.g. ${broken[0].facts}` : ''}`,
    );
    const bad = pages.filter((page) => page.status !== 200);
    findings.check(
      pages.length > 0 && bad.length === 0,
      `${pages.length} page GETs via Varnish during and after the outage (half of them misses asked of a replica): ${bad.length} not 200${bad[0] ? ` (e.g. ${bad[0].status})` : ''}`,
    );
    findings.figure(
      `a wrong sign-in during the outage was answered ${sessionDuring.status} (the throttle without its store); card pages answered ${cards.map((c) => (typeof c === 'string' ? 'error' : c.status)).join(', ')}`,
    );
  },
};
