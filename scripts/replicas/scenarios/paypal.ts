/**
 * PayPal (issue 53): guest checkouts with PayPal and Pay in 3 through Varnish → HAProxy, all at once. Most
 * shoppers approve on the sandbox's page and follow its redirect back, so the return captures on one
 * replica while CHECKOUT.ORDER.APPROVED lands on either; some never come back (the webhook alone places
 * the order); some decline. Then one where the replica handling the return is killed with -9 right after
 * PayPal captured (paypal-kill.ts): the other replica's webhook handling or the recovery leader must
 * finish it. Per transaction, when final: PAID ⇔ exactly one complete order for the quote and one capture on the
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
  webhookTally,
  type Choice,
  type Expectation,
  type PayPalCheckout,
  type PayPalMethod,
  type PayPalVerdict,
} from '../paypal.ts';
import { seconds, type Findings, type Scenario, type ScenarioContext } from '../scenario.ts';
import { buyableProducts, type Buyable } from '../state.ts';
import type { Replica, Topology } from '../topology.ts';
import { killAfterCapture } from './paypal-kill.ts';

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
    `returns served by ${served('/payments/paypal/return')}; webhooks by ${served('/payments/paypal/webhook')}: ${webhookTally(judged.webhooks, judged.verdicts)}`,
  );
  const payLater = judged.verdicts.filter((v) => v.checkout.method === 'paylater' && v.ok);
  const asPayLater = payLater.filter(
    (v) =>
      v.sandbox?.funding === 'PAY_LATER' &&
      new URL(v.checkout.approvalUrl).searchParams.get('fundingSource') === 'paylater',
  ).length;
  findings.check(
    asPayLater === payLater.length,
    `${asPayLater} of ${payLater.length} Pay in 3 checkouts sent to PayPal with fundingSource=paylater and funded PAY_LATER`,
  );
  const returnMs = returned.flatMap((a) => (a.returnMs === undefined ? [] : [a.returnMs]));
  findings.figure(
    `return to answer (capture and order) p50 ${percentile(returnMs, 50).toFixed(0)} ms, p95 ${percentile(returnMs, 95).toFixed(0)} ms`,
  );
}

export const paypal: Scenario = {
  id: 'paypal',
  title:
    'PayPal and Pay in 3: return and webhook on either replica, webhook alone, declines, a kill after the capture; one order and one capture each',
  timeoutMs: 300_000,
  async run(context: ScenarioContext, findings: Findings) {
    const started = performance.now();
    await concurrentRound(context, findings);
    await killAfterCapture(context, findings);
    findings.figure(`${PLANS.length + 1} PayPal checkouts in ${seconds(performance.now() - started)}`);
  },
};
