/**
 * PayPal in the replicas topology: the one PayPal sandbox both replicas call (started like the Opayo
 * sandbox, webhooks to the HAProxy front as Opayo's notifications), a guest's PayPal or Pay in 3 checkout
 * over HTTP as a browser makes it (`POST /payments/start` with the method, the sandbox's approval page and
 * its form, the shop's return), the sandbox's test controls, and the invariant judged per transaction when
 * final: PAID ⇔ exactly one complete Magento order for the quote and one COMPLETED capture on the sandbox;
 * FAILED ⇔ no order and no capture; the status route says the same on every replica.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { fillCart, CheckoutError, shopCall, type FilledCart, type Shop } from './checkout.ts';
import { header, http, json, type Reply } from './http.ts';
import { sleep } from './scenario.ts';
import { sandboxWebhooks, type SandboxWebhooks } from './paypal-daemon.ts';
import {
  bridgePayments,
  magentoOrders,
  type BridgePayment,
  type Buyable,
  type MagentoOrder,
} from './state.ts';
import type { Replica, Topology } from './topology.ts';

export { sandboxWebhooks, switchWebhooks, type SandboxWebhooks } from './paypal-daemon.ts';

export type PayPalMethod = 'paypal' | 'paylater';
/** The approval page's buttons (form field `choice`). */
export type Choice = 'pay' | 'pay-in-3' | 'decline' | 'cancel';

export interface PayPalCheckout extends FilledCart {
  readonly method: PayPalMethod;
  /** The bridge's transaction code. */
  readonly code: string;
  /** PayPal's order id: the bridge's provider_ref, the approval page's `token`. */
  readonly orderId: string;
  readonly approvalUrl: string;
}

/** A guest's cart up to PayPal's approval page: the order is created and not yet approved. */
export async function startPayPalCheckout(
  shop: Shop,
  product: Buyable,
  tag: string,
  method: PayPalMethod,
): Promise<PayPalCheckout> {
  const cart = await fillCart(shop, product, tag);
  const started = z.object({ code: z.string(), nextUrl: z.url() }).parse(
    await shopCall(shop, `Pay with ${method}`, 'POST', '/payments/start', {
      guestCode: cart.guestCart,
      method,
    }),
  );
  const orderId = new URL(started.nextUrl).searchParams.get('token') ?? '';
  if (!orderId) throw new Error(`payments/start sent the shopper to ${started.nextUrl}, without a token`);
  return { ...cart, method, code: started.code, orderId, approvalUrl: started.nextUrl };
}

/** The shopper on PayPal's page: it is shown, then `choice` pressed; the page's 303 is where it sends them. */
export async function approve(checkout: PayPalCheckout, choice: Choice): Promise<string> {
  const page = await http(checkout.approvalUrl);
  if (page.status !== 200) throw new CheckoutError('open the PayPal page', page);
  const reply = await http(checkout.approvalUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
  });
  const location = header(reply, 'location');
  if (reply.status !== 303 || !location) throw new CheckoutError(`press ${choice} on PayPal`, reply);
  return location;
}

/** The browser following PayPal's redirect back to the shop, through the public entry (Varnish). */
export function followReturn(shop: Shop, location: string, timeoutMs = 60_000): Promise<Reply> {
  const url = new URL(location, shop.siteUrl);
  return http(`${shop.siteUrl}${url.pathname}${url.search}`, { timeoutMs });
}

const captureSchema = z.object({ id: z.string(), status: z.string() });
const sandboxOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  funding: z.string().nullable(),
  captures: z.array(captureSchema),
});
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

/** Every order the PayPal sandbox holds, by id (`GET /sandbox/orders`). */
export async function sandboxOrders(payPalUrl: string): Promise<Map<string, SandboxOrder>> {
  const reply = await http(`${payPalUrl}/sandbox/orders`, { timeoutMs: 10_000 });
  if (reply.status !== 200) throw new Error(`The PayPal sandbox's orders answered ${reply.status}`);
  const { orders } = z.object({ orders: z.array(sandboxOrderSchema) }).parse(json(reply));
  return new Map(orders.map((order) => [order.id, order]));
}

export interface PayPalVerdict {
  readonly checkout: PayPalCheckout;
  readonly expected: 'PAID' | 'FAILED';
  readonly bridge: BridgePayment | undefined;
  readonly sandbox: SandboxOrder | undefined;
  readonly orders: readonly MagentoOrder[];
  readonly ok: boolean;
  /** e.g. `bridge PAID, 1 complete order of 1, 1 capture (COMPLETED)`. */
  readonly facts: string;
}

export function judgePayPal(
  checkout: PayPalCheckout,
  expected: 'PAID' | 'FAILED',
  bridge: BridgePayment | undefined,
  sandbox: SandboxOrder | undefined,
  orders: readonly MagentoOrder[],
): PayPalVerdict {
  const complete = orders.filter((order) => order.state === 'complete').length;
  const captures = sandbox?.captures ?? [];
  const capturedOnce = captures.length === 1 && captures[0]?.status === 'COMPLETED';
  const ok =
    expected === 'PAID'
      ? bridge?.state === 'PAID' && complete === 1 && orders.length === 1 && capturedOnce
      : bridge?.state === 'FAILED' && orders.length === 0 && captures.length === 0;
  const capturesText = captures.map((c) => c.status).join(', ');
  const facts = `bridge ${bridge?.state ?? 'has no row'}, ${complete} complete order(s) of ${orders.length}, ${captures.length} capture(s)${capturesText ? ` (${capturesText})` : ''}, sandbox order ${sandbox?.status ?? 'unknown'}`;
  return { checkout, expected, bridge, sandbox, orders, ok, facts };
}

export interface PayPalJudged {
  readonly verdicts: readonly PayPalVerdict[];
  /** The sandbox's webhook queue when judged. */
  readonly webhooks: SandboxWebhooks;
  /** Every transaction PAID or FAILED in the bridge and no webhook pending before the wait ran out. */
  readonly finalInTime: boolean;
  readonly waitedMs: number;
}

export interface Expectation {
  readonly checkout: PayPalCheckout;
  readonly expected: 'PAID' | 'FAILED';
}

/** Waits (up to `timeoutMs`) until each transaction is final in the bridge and its webhooks delivered. */
export async function judgePayPalWhenFinal(
  topology: Topology,
  expectations: readonly Expectation[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PayPalJudged> {
  const started = Date.now();
  const payPalUrl = topology.urls.paypal;
  for (;;) {
    const [bridge, sandbox, webhooks] = await Promise.all([
      bridgePayments(topology.storeUrl, []),
      sandboxOrders(payPalUrl),
      sandboxWebhooks(payPalUrl),
    ]);
    const final = expectations.every((e) => {
      const state = bridge.payments.get(e.checkout.orderId)?.state;
      return state === 'PAID' || state === 'FAILED';
    });
    // Capture events name the capture, not the order: any pending delivery is waited for.
    const pending = webhooks.events.some((w) => w.state === 'pending');
    if ((final && !pending) || Date.now() - started > timeoutMs) {
      const orders = magentoOrders(topology.magentoDb);
      return {
        verdicts: expectations.map((e) =>
          judgePayPal(
            e.checkout,
            e.expected,
            bridge.payments.get(e.checkout.orderId),
            sandbox.get(e.checkout.orderId),
            orders.get(e.checkout.quoteId) ?? [],
          ),
        ),
        webhooks,
        finalInTime: final && !pending,
        waitedMs: Date.now() - started,
      };
    }
    await sleep(500, signal);
  }
}

/** `/payments/status/{code}` asked of each replica itself: what each says, by replica. */
export async function statusOnEveryReplica(
  replicas: readonly Replica[],
  code: string,
): Promise<Map<string, string>> {
  const said = new Map<string, string>();
  for (const replica of replicas) {
    const reply = await http(`${replica.url}/payments/status/${encodeURIComponent(code)}`, {
      headers: { Accept: 'application/json' },
      agent: false,
    });
    const parsed = z.object({ status: z.string() }).safeParse(json(reply));
    said.set(replica.id, parsed.success ? parsed.data.status : `HTTP ${reply.status}`);
  }
  return said;
}

/** The sandbox's webhook deliveries of these orders and their captures: by event type, how they ended. */
export function webhookTally(webhooks: SandboxWebhooks, verdicts: readonly PayPalVerdict[]): string {
  const ids = new Set(
    verdicts.flatMap((v) => [v.checkout.orderId, ...(v.sandbox?.captures ?? []).map((c) => c.id)]),
  );
  const tally = new Map<string, { events: number; attempts: number }>();
  for (const event of webhooks.events.filter((e) => ids.has(e.resourceId))) {
    const key = `${event.eventType} ${event.state}`;
    const now = tally.get(key) ?? { events: 0, attempts: 0 };
    tally.set(key, { events: now.events + 1, attempts: now.attempts + event.attempts });
  }
  return [...tally].map(([key, n]) => `${key} ×${n.events} (${n.attempts} attempts)`).join(', ') || 'none';
}

/** Whether a replica's recovery leader took the transaction over (its log says so), else the webhook did. */
export function finishedBy(topology: Topology, code: string): string {
  const line = `Payment ${code}: taking over a claim abandoned`;
  const leader = topology.replicas.find((replica) => {
    const file = join(topology.logDir, `${replica.id}.log`);
    return existsSync(file) && readFileSync(file, 'utf8').includes(line);
  });
  return leader ? `the recovery leader on ${leader.id}` : 'a webhook (or the return) on a live replica';
}
