/**
 * PayPal's REST API as the shop calls it: an access token by client credentials (`/v1/oauth2/token`),
 * kept until a minute before it expires and shared by concurrent calls; Orders v2 create, show and
 * capture, and Payments v2 capture and refund (capture, create and refund carry a `PayPal-Request-Id`, so
 * a retried call is answered as the first and never charges or refunds twice); and webhook signature
 * verification. PayPal's own server SDK fixes its hosts to
 * api-m.paypal.com and api-m.sandbox.paypal.com (`getBaseUri`), so it cannot reach the embedded sandbox:
 * this is the few calls the shop needs, over fetch, every answer parsed.
 */
import type { z } from 'zod';
import type { PayPalApp } from './settings.ts';
import {
  captureSchema,
  errorSchema,
  orderSchema,
  tokenSchema,
  verificationSchema,
  WEBHOOK_HEADERS,
  type Capture,
  refundSchema,
  type PayPalError,
  type PayPalOrder,
  type Refund,
} from './wire.ts';

/** PayPal answered with a refusal (4xx, PayPal's error body). */
export type Answer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number; readonly error: PayPalError };

/** What the shop says with a refund: its transaction code (`invoice_id`) and a word to the payer. */
export interface RefundRequest {
  readonly invoice_id: string;
  readonly note_to_payer: string;
}

/** PayPal could not be reached, timed out, failed (5xx) or answered something unreadable. */
export class PayPalUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayPalUnavailable';
  }
}

export interface PayPalApi {
  createOrder(body: unknown, requestId: string): Promise<Answer<PayPalOrder>>;
  getOrder(id: string): Promise<Answer<PayPalOrder>>;
  captureOrder(id: string, requestId: string): Promise<Answer<PayPalOrder>>;
  /** `GET /v2/payments/captures/{id}`: a capture, with its order's id in `supplementary_data`. */
  getCapture(id: string): Promise<Answer<Capture>>;
  /**
   * `POST /v2/payments/captures/{id}/refund` with no amount: all that is left of the capture, refunded
   * once however often the same `requestId` asks.
   */
  refundCapture(id: string, requestId: string, body: RefundRequest): Promise<Answer<Refund>>;
  /** Whether PayPal vouches for a webhook delivery (its headers and the parsed event). */
  verifyWebhook(headers: Headers, event: unknown): Promise<boolean>;
}

const TIMEOUT_MS = 15_000;
const EARLY_MS = 60_000;

interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly requestId?: string;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** A fetch that throws PayPalUnavailable when PayPal cannot be reached in time. */
const sender =
  (doFetch: typeof fetch): Send =>
  async (url, init) => {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PayPalUnavailable(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

/** The access token, asked for once and kept until a minute before it expires; `drop` forgets it. */
function tokenCache(app: PayPalApp, send: Send): { get(): Promise<string>; drop(): void } {
  let token: Promise<{ value: string; until: number }> | undefined;
  async function newToken(): Promise<{ value: string; until: number }> {
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    const response = await send(`${app.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenSchema.safeParse(await response.json().catch(() => undefined));
    if (!response.ok || !parsed.success)
      throw new PayPalUnavailable(`PayPal refused the shop's credentials (HTTP ${response.status})`);
    return { value: parsed.data.access_token, until: Date.now() + parsed.data.expires_in * 1000 - EARLY_MS };
  }
  return {
    async get() {
      const held = token && (await token.catch(() => undefined));
      if (held && held.until > Date.now()) return held.value;
      token = newToken();
      token.catch(() => (token = undefined));
      return (await token).value;
    },
    drop: () => (token = undefined),
  };
}

export function createPayPalApi(app: PayPalApp, doFetch: typeof fetch = fetch): PayPalApi {
  const send = sender(doFetch);
  const token = tokenCache(app, send);

  async function call<T>(request: Call, schema: z.ZodType<T>, retried = false): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await token.get()}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    };
    if (request.requestId) headers['PayPal-Request-Id'] = request.requestId;
    const response = await send(`${app.apiUrl}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const json: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 && !retried) {
      token.drop();
      return call(request, schema, true);
    }
    if (response.status >= 500) throw new PayPalUnavailable(`${request.path}: HTTP ${response.status}`);
    if (!response.ok) {
      const error = errorSchema.safeParse(json);
      if (!error.success) throw new PayPalUnavailable(`${request.path}: HTTP ${response.status}, unreadable`);
      return { ok: false, status: response.status, error: error.data };
    }
    const value = schema.safeParse(json);
    if (!value.success) throw new PayPalUnavailable(`${request.path}: an answer the shop cannot read`);
    return { ok: true, value: value.data };
  }

  const orders = '/v2/checkout/orders';
  return {
    createOrder: (body, requestId) => call({ method: 'POST', path: orders, body, requestId }, orderSchema),
    getOrder: (id) => call({ method: 'GET', path: `${orders}/${encodeURIComponent(id)}` }, orderSchema),
    captureOrder: (id, requestId) =>
      call(
        { method: 'POST', path: `${orders}/${encodeURIComponent(id)}/capture`, body: {}, requestId },
        orderSchema,
      ),
    getCapture: (id) =>
      call({ method: 'GET', path: `/v2/payments/captures/${encodeURIComponent(id)}` }, captureSchema),
    refundCapture: (id, requestId, body) =>
      call(
        { method: 'POST', path: `/v2/payments/captures/${encodeURIComponent(id)}/refund`, body, requestId },
        refundSchema,
      ),
    async verifyWebhook(headers, event) {
      const fields = Object.fromEntries(
        Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, headers.get(header) ?? '']),
      );
      if (Object.values(fields).some((value) => value === '')) return false;
      const body = { ...fields, webhook_id: app.webhookId, webhook_event: event };
      const answer = await call(
        { method: 'POST', path: '/v1/notifications/verify-webhook-signature', body },
        verificationSchema,
      );
      return answer.ok && answer.value.verification_status === 'SUCCESS';
    },
  };
}

/** The first refusal reason PayPal gave (`details[0].issue`, else its `name`). */
export const issueOf = (error: PayPalError): string => error.details?.[0]?.issue ?? error.name;
