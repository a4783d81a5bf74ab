/**
 * PayPal (issue 53): guest checkouts with PayPal and Pay in 3 through Varnish → HAProxy, all at once. Most
 * shoppers approve on the sandbox's page and follow its redirect back, so the return captures on one
 * replica while CHECKOUT.ORDER.APPROVED lands on either; some never come back (the webhook alone places
 * the order); some decline. Then one where the replica handling the return is killed with -9 while it
 * places the order (Magento paused, as in T2, so the kill lands mid-placement; the webhooks held back
 * until then): the other replica's webhook handling or the recovery leader must finish it. Per
 * transaction, when final: PAID ⇔ exactly one complete order for the quote and one capture on the
 * sandbox; FAILED (declined) ⇔ no order and no capture; `/payments/status` says the same on every replica.
 */
import { percentile } from '../http.ts';
import { mapLimit } from '../payments.ts';
import {
  approve,
  followReturn,
  judgePayPalWhenFinal,
  startPayPalCheckout,
  statusOnEveryReplica,
  switchWebhooks,
  type Choice,
  type Expectation,
  type PayPalCheckout,
  type PayPalMethod,
  type PayPalVerdict,
} from '../paypal.ts';
import { PORTS } from '../ports.ts';
import { seconds, sleep, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { waitingOn } from '../sockets.ts';
import { bridgePayments, buyableProducts, type Buyable } from '../state.ts';
import type { Replica, Topology } from '../topology.ts';

/** What each shopper of the concurrent round does. */
interface Plan {
  readonly kind: 'return' | 'no return' | 'decline';
  readonly method: PayPalMethod;
  readonly choice: Choice;
}

const PLANS: readonly Plan[] = [
  ...Array<Plan>(6).fill({ kind: 'return', method: 'paypal', choice: 'pay' }),
  ...Array<Plan>(4).fill({ kind: 'return', method: 'paylater', choice: 'pay-in-3' }),
  { kind: 'no return', method: 'paypal', choice: 'pay' },
  { kind: 'no return', method: 'paylater', choice: 'pay-in-3' },
  ...Array<Plan>(3).fill({ kind: 'decline', method: 'paypal', choice: 'decline' }),
];

interface Attempt {
  readonly plan: Plan;
  readonly checkout?: PayPalCheckout;
  /** Where the shop's return sent the shopper (303 Location), when the shopper came back. */
  readonly landedAt?: string;
  readonly returnStatus?: number;
  readonly returnMs?: number;
  readonly error?: string;
}

async function shop(
  topology: Topology,
  plan: Plan,
  product: Buyable | undefined,
  tag: string,
): Promise<Attempt> {
  const site = { siteUrl: topology.urls.varnish };
  try {
    if (!product) throw new Error('no product');
    const checkout = await startPayPalCheckout(site, product, tag, plan.method);
    const location = await approve(checkout, plan.choice);
    if (plan.kind === 'no return') return { plan, checkout };
    const reply = await followReturn(site, location);
    return {
      plan,
      checkout,
      returnStatus: reply.status,
      returnMs: reply.ms,
      landedAt: typeof reply.headers.location === 'string' ? reply.headers.location : '',
    };
  } catch (error) {
    return { plan, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Each verdict's status on every replica, as expected (paid or failed); the first that is not. */
async function statusesAgree(
  replicas: readonly Replica[],
  verdicts: readonly PayPalVerdict[],
): Promise<{ agreeing: number; first?: string }> {
  let agreeing = 0;
  let first: string | undefined;
  for (const verdict of verdicts) {
    const said = await statusOnEveryReplica(replicas, verdict.checkout.code);
    const want = verdict.expected === 'PAID' ? 'paid' : 'failed';
    if ([...said.values()].every((status) => status === want)) agreeing++;
    else first ??= `${verdict.checkout.code}: ${[...said].map(([id, s]) => `${id} ${s}`).join(', ')}`;
  }
  return first ? { agreeing, first } : { agreeing };
}

function checkVerdicts(
  findings: Findings,
  name: string,
  judged: Awaited<ReturnType<typeof judgePayPalWhenFinal>>,
): void {
  const broken = judged.verdicts.filter((v) => !v.ok);
  const paid = judged.verdicts.filter((v) => v.ok && v.expected === 'PAID').length;
  const failed = judged.verdicts.filter((v) => v.ok && v.expected === 'FAILED').length;
  const duplicates = judged.verdicts.filter((v) => v.orders.length > 1).length;
  findings.check(
    broken.length === 0 && judged.finalInTime,
    `${name}: invariant holds for ${judged.verdicts.length - broken.length} of ${judged.verdicts.length} (${paid} PAID with 1 order and 1 capture, ${failed} FAILED with none; ${duplicates} with duplicate orders)${judged.finalInTime ? ` final ${seconds(judged.waitedMs)} after the last shopper` : `; not all final after ${seconds(judged.waitedMs)}`}${broken[0] ? `; e.g. ${broken[0].checkout.orderId} (expected ${broken[0].expected}): ${broken[0].facts}` : ''}`,
  );
}

async function concurrentRound({ topology, signal, log }: ScenarioContext, findings: Findings) {
  const products = buyableProducts(topology.magentoDb);
  // Pay in 3 is offered from £30 (PayPal UK): every shopper buys one such product.
  const eligible = products.filter((product) => product.price >= 30);
  const pool = eligible.length > 0 ? eligible : products;
  if (!findings.check(pool.length > 0, `${pool.length} products of £30 or more to buy from`)) return;
  const mark = topology.balancerLog.mark();
  log(`${PLANS.length} concurrent PayPal checkouts`);
  const attempts = await mapLimit(PLANS, PLANS.length, (plan, at) =>
    shop(topology, plan, pool[at % pool.length], `pp-${at}`),
  );
  signal.throwIfAborted();
  const failedSteps = attempts.filter((a) => a.error);
  findings.check(
    failedSteps.length === 0,
    `${PLANS.length - failedSteps.length} of ${PLANS.length} shoppers went through PayPal's page as planned${failedSteps[0] ? ` (first failure: ${failedSteps[0].error})` : ''}`,
  );
  const expectations: Expectation[] = attempts.flatMap((a) =>
    a.checkout ? [{ checkout: a.checkout, expected: a.plan.kind === 'decline' ? 'FAILED' : 'PAID' }] : [],
  );
  const judged = await judgePayPalWhenFinal(topology, expectations, 60_000, signal);
  checkVerdicts(findings, 'concurrent', judged);

  const returned = attempts.filter((a) => a.plan.kind === 'return' && a.checkout);
  const toPaid = returned.filter((a) => a.returnStatus === 303 && a.landedAt?.includes('/paid')).length;
  findings.check(
    toPaid === returned.length,
    `${toPaid} of ${returned.length} returns answered 303 to /paid${toPaid < returned.length ? ` (others: ${returned.filter((a) => !a.landedAt?.includes('/paid')).map((a) => `${a.returnStatus} ${a.landedAt ?? ''}`)[0]})` : ''}`,
  );
  const declines = attempts.filter((a) => a.plan.kind === 'decline' && a.checkout);
  const backToChoose = declines.filter(
    (a) => a.returnStatus === 303 && a.landedAt?.includes('/basket/shipping/payment?paypal='),
  );
  findings.check(
    backToChoose.length === declines.length,
    `${backToChoose.length} of ${declines.length} declined returns sent back to the payment step (${[...new Set(backToChoose.map((a) => new URL(a.landedAt ?? '', topology.urls.varnish).searchParams.get('paypal')))].join(', ') || 'none'})`,
  );
  const statuses = await statusesAgree(topology.replicas, judged.verdicts);
  findings.check(
    statuses.agreeing === judged.verdicts.length,
    `/payments/status says the same on every replica for ${statuses.agreeing} of ${judged.verdicts.length}${statuses.first ? ` (e.g. ${statuses.first})` : ''}`,
  );
  const served = (path: string) =>
    [...topology.balancerLog.servedBy(path, mark)].map(([id, n]) => `${id} ×${n}`).join(', ') || 'none';
  findings.figure(
    `returns served by ${served('/payments/paypal/return')}; webhooks by ${served('/payments/paypal/webhook')}`,
  );
  const returnMs = returned.flatMap((a) => (a.returnMs === undefined ? [] : [a.returnMs]));
  findings.figure(
    `return to answer (capture and order) p50 ${percentile(returnMs, 50).toFixed(0)} ms, p95 ${percentile(returnMs, 95).toFixed(0)} ms`,
  );
}

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

async function killAfterReturn({ topology, signal, log }: ScenarioContext, findings: Findings) {
  const { magento } = topology;
  if (!magento) throw new Error('Magento is not up');
  const site = { siteUrl: topology.urls.varnish };
  const [product] = buyableProducts(topology.magentoDb).filter((p) => p.price >= 30);
  if (!product) throw new Error('No product to buy');
  await switchWebhooks(topology.urls.paypal, 'pause');
  const checkout = await startPayPalCheckout(site, product, 'pp-kill', 'paypal');
  const location = await approve(checkout, 'pay');
  magento.pause();
  log(`webhooks held back, Magento paused; returning from PayPal for ${checkout.orderId}`);
  const back = followReturn(site, location, 90_000);
  const holder = await placingReplica(topology, checkout.orderId, signal);
  findings.check(holder !== undefined, 'the return captured and claimed the order within 15 s');
  if (!holder) {
    magento.resume();
    await switchWebhooks(topology.urls.paypal, 'resume');
    return;
  }
  const killedAt = Date.now();
  await holder.daemon.kill9();
  log(`killed ${holder.id} with -9 while it placed the order; starting it again`);
  holder.daemon.start();
  await sleep(500, signal);
  magento.resume();
  await switchWebhooks(topology.urls.paypal, 'resume');
  log('Magento resumed, webhooks delivered');
  await topology.startReplica(holder);

  const judged = await judgePayPalWhenFinal(topology, [{ checkout, expected: 'PAID' }], 100_000, signal);
  const [verdict] = judged.verdicts;
  findings.check(
    verdict?.ok === true && judged.finalInTime,
    `killed mid-placement (${holder.id}): ${verdict?.facts ?? 'no verdict'}; ${judged.finalInTime ? `final ${seconds(Date.now() - killedAt)} after the kill` : `not final ${seconds(judged.waitedMs)} after`}`,
  );
  const said = await statusOnEveryReplica(topology.replicas, checkout.code);
  findings.check(
    [...said.values()].every((status) => status === 'paid'),
    `/payments/status after the kill: ${[...said].map(([id, s]) => `${id} ${s}`).join(', ')}`,
  );
  const reply = await back;
  findings.figure(
    `the shopper's return: ${reply.status === 0 ? `no answer (${reply.error ?? '?'})` : `${reply.status}${typeof reply.headers.location === 'string' ? ` → ${reply.headers.location}` : ''}`}`,
  );
}

export const paypal: Scenario = {
  id: 'paypal',
  title:
    'PayPal and Pay in 3: return and webhook on either replica, webhook alone, declines, a kill mid-placement; one order and one capture each',
  timeoutMs: 300_000,
  async run(context: ScenarioContext, findings: Findings) {
    const started = performance.now();
    await concurrentRound(context, findings);
    await killAfterReturn(context, findings);
    findings.figure(`${PLANS.length + 1} PayPal checkouts in ${seconds(performance.now() - started)}`);
  },
};
