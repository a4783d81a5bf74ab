/**
 * The PayPal sandbox as a Hono app: the provider side of PayPal Checkout over REST. The shop's server
 * takes a token, creates an order and sends the shopper's browser to the payer-action link; the shopper
 * approves (or pays in 3, declines, cancels) on the approval page and comes back to return_url; the shop
 * captures, and refunds. Webhook events go to the shop signed as PayPal signs them, retried until
 * answered. `runDueWork` is the retry clock; the server calls it on a timer.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sendText } from '@cleaning-shop/kit/sandbox-pages.ts';
import { createApprovalPages, APPROVAL_PATH } from './approval.ts';
import { createTokenRoute, requireBearer, type AuthOptions } from './auth.ts';
import { createCaptureRoute } from './capture.ts';
import type { PayPalStore } from './db.ts';
import { createDeliveries, type Deliveries } from './deliveries.ts';
import { payPalError, sendError } from './errors.ts';
import { createInspection, INSPECTION_PATH } from './inspection.ts';
import { createOrderRoutes, type OrderRouteOptions } from './orders.ts';
import { STYLESHEET, STYLESHEET_PATH } from './pages.ts';
import type { CaptureRecord, OrderRecord } from './records.ts';
import { createRefundRoutes, type RefundOptions } from './refunds.ts';
import { CERTS_PATH, createSigner, type WebhookSigner } from './signing.ts';
import { createVerifyRoutes } from './verify.ts';
import { captureSettled, captureRefunded, orderApproved, type EventContext } from './webhook-events.ts';

export { APPROVAL_PATH } from './approval.ts';
export { INSPECTION_PATH } from './inspection.ts';

export interface PayPalSandboxOptions {
  readonly store: PayPalStore;
  /** The sandbox's address as the shop and browsers reach it; every link starts with it. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The webhook id events are signed for and verify-webhook-signature accepts. */
  readonly webhookId: string;
  /** Where events are posted; unset keeps them queued. */
  readonly webhookUrl?: string | undefined;
  readonly currencies: readonly string[];
  readonly orderTtlMs: number;
  readonly tokenTtlS: number;
  readonly retryScheduleMs: readonly number[];
  readonly webhookTimeoutMs: number;
  readonly now?: (() => number) | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

export interface PayPalSandboxApp {
  readonly routes: Hono;
  /** Sends the webhook deliveries that are due; resolves when those end. */
  runDueWork(): Promise<void>;
  close(): Promise<void>;
}

/** Far above any order the shop sends: a body this large is a mistake or an attack. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Everything the routes are built from. */
interface Parts {
  readonly options: PayPalSandboxOptions;
  readonly shared: OrderRouteOptions;
  readonly auth: AuthOptions;
  readonly signer: WebhookSigner;
  readonly deliveries: Deliveries;
  readonly events: EventContext;
  readonly refunded: RefundOptions['refunded'];
}

/** What the shop's server calls: token, Orders v2, Payments v2 and the webhook verification. */
function mountRestApi(routes: Hono, { options, shared, auth, signer, events, refunded }: Parts): void {
  routes.post('/v1/oauth2/token', createTokenRoute(auth));
  routes.use('/v2/*', requireBearer(auth, 'orders'));
  routes.use('/v1/notifications/verify-webhook-signature', requireBearer(auth, 'notifications'));

  const orders = createOrderRoutes(shared);
  routes.post('/v2/checkout/orders', orders.create);
  routes.get('/v2/checkout/orders/:id', orders.get);
  const captured = (capture: CaptureRecord, order: OrderRecord) =>
    void captureSettled(events, capture, order);
  routes.post('/v2/checkout/orders/:id/capture', createCaptureRoute({ ...shared, captured }));
  const payments = createRefundRoutes({ ...shared, refunded });
  routes.get('/v2/payments/captures/:id', payments.getCapture);
  routes.post('/v2/payments/captures/:id/refund', payments.refund);
  routes.get('/v2/payments/refunds/:id', payments.getRefund);

  const verify = createVerifyRoutes({ signer, webhookId: options.webhookId, baseUrl: shared.baseUrl });
  routes.post('/v1/notifications/verify-webhook-signature', verify.verify);
  routes.get(`${CERTS_PATH}/:name`, verify.cert);
}

/** What the shopper's browser sees: the approval page and its stylesheet. */
function mountPages(routes: Hono, { shared, events }: Parts): void {
  const approval = createApprovalPages({
    store: shared.store,
    orderTtlMs: shared.orderTtlMs,
    now: shared.now,
    approved: (order) => void orderApproved(events, order),
  });
  routes.get(STYLESHEET_PATH, (c) =>
    c.body(STYLESHEET, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  routes.get(APPROVAL_PATH, approval.show);
  routes.post(APPROVAL_PATH, approval.choose);
}

/** The test controls, and what answers everything else. */
function mountInspection(routes: Hono, { options, shared, deliveries, refunded }: Parts): void {
  const inspection = createInspection({ ...shared, refunded, deliveries });
  routes.get(`${INSPECTION_PATH}/orders`, inspection.orders);
  routes.post(`${INSPECTION_PATH}/orders/:id/expire`, inspection.expire);
  routes.post(`${INSPECTION_PATH}/orders/:id/deny-capture`, inspection.denyCapture);
  routes.post(`${INSPECTION_PATH}/captures/:id/refund`, inspection.refund);
  routes.get(`${INSPECTION_PATH}/webhooks`, inspection.webhooks);
  routes.post(`${INSPECTION_PATH}/webhooks/pause`, inspection.pause);
  routes.post(`${INSPECTION_PATH}/webhooks/resume`, inspection.resume);
  routes.post(`${INSPECTION_PATH}/webhooks/:id/resend`, inspection.resend);

  const base = shared.baseUrl;
  const index = `PayPal REST sandbox\nToken: POST ${base}/v1/oauth2/token\nOrders: ${base}/v2/checkout/orders\nTest controls: ${base}${INSPECTION_PATH}/orders, ${base}${INSPECTION_PATH}/webhooks\n`;
  routes.get('/', (c) => sendText(c, 200, index));
  routes.notFound((c: Context) => sendError(c, payPalError('RESOURCE_NOT_FOUND', 'orders')));
  routes.onError((error, c) => {
    options.log?.(
      `Unexpected error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' }, 500);
  });
}

export function createPayPalSandbox(options: PayPalSandboxOptions): PayPalSandboxApp {
  const now = options.now ?? Date.now;
  const { store, baseUrl, log } = options;
  const signer = createSigner(store);
  const deliveries = createDeliveries({
    store,
    signer,
    baseUrl,
    webhookUrl: options.webhookUrl,
    webhookId: options.webhookId,
    retryScheduleMs: options.retryScheduleMs,
    timeoutMs: options.webhookTimeoutMs,
    now,
    log,
  });
  const events: EventContext = { store, baseUrl, now, queued: (id) => void deliveries.deliver(id) };
  const parts: Parts = {
    options,
    shared: { store, baseUrl, now, currencies: options.currencies, orderTtlMs: options.orderTtlMs },
    auth: { ...options, now },
    signer,
    deliveries,
    events,
    refunded: (refund, capture) => void captureRefunded(events, refund, capture),
  };
  const routes = new Hono();
  routes.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => sendError(c, { ...payPalError('INVALID_REQUEST', 'orders'), status: 413 }),
    }),
  );
  mountRestApi(routes, parts);
  mountPages(routes, parts);
  mountInspection(routes, parts);
  return {
    routes,
    runDueWork: () => deliveries.runDue(),
    close: () => deliveries.close(),
  };
}
