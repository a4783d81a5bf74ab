/**
 * A real PayPal sandbox on a throwaway SQLite file and a free port, a shop's side of its REST calls
 * (token, JSON requests with a bearer token) and a tiny webhook listener: a node:http server that keeps
 * every event's headers and raw body and answers as the test tells it to.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDED_PAYPAL_APP } from '../../src/payments/providers/paypal/settings.ts';
import {
  startPayPalSandbox,
  type PayPalSandboxConfig,
  type RunningPayPalSandbox,
} from '@cleaning-shop/paypal-sandbox/server.ts';

export interface TestSandbox extends RunningPayPalSandbox {
  readonly dir: string;
  readonly config: PayPalSandboxConfig;
  stop(): Promise<void>;
}

export async function startTestSandbox(
  overrides: Partial<PayPalSandboxConfig> = {},
  dir = mkdtempSync(join(tmpdir(), 'paypal-sandbox-')),
): Promise<TestSandbox> {
  const config: PayPalSandboxConfig = {
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'sandbox.sqlite'),
    ...EMBEDDED_PAYPAL_APP,
    retryScheduleMs: [100, 200, 300],
    webhookTimeoutMs: 2000,
    tickMs: 25,
    ...overrides,
  };
  const sandbox = await startPayPalSandbox(config);
  return {
    ...sandbox,
    dir,
    config,
    async stop() {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const basic = (
  id: string = EMBEDDED_PAYPAL_APP.clientId,
  secret: string = EMBEDDED_PAYPAL_APP.clientSecret,
) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

const tokenShape = z.object({ access_token: z.string(), expires_in: z.number() });

export async function token(sandbox: RunningPayPalSandbox): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return tokenShape.parse(await response.json()).access_token;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** One REST call as the shop makes it. */
export async function call(
  sandbox: RunningPayPalSandbox,
  bearer: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<Reply> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

export const RETURN_URL = 'https://shop.example/payments/paypal/return?ref=abc';
export const CANCEL_URL = 'https://shop.example/payments/paypal/cancel?ref=abc';

/** A valid order: two items, delivery and VAT-inclusive prices, as the shop sends it. */
export function orderRequest(overrides: Record<string, unknown> = {}, unit: Record<string, unknown> = {}) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'default',
        invoice_id: '100000123',
        amount: {
          currency_code: 'GBP',
          value: '54.97',
          breakdown: {
            item_total: { currency_code: 'GBP', value: '49.98' },
            shipping: { currency_code: 'GBP', value: '4.99' },
          },
        },
        items: [
          {
            name: 'Pressure washer',
            quantity: '1',
            unit_amount: { currency_code: 'GBP', value: '13.00' },
            sku: 'PW-1',
          },
          {
            name: 'Detergent',
            quantity: '2',
            unit_amount: { currency_code: 'GBP', value: '18.49' },
            category: 'PHYSICAL_GOODS',
          },
        ],
        ...unit,
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: 'Clearwater',
          return_url: RETURN_URL,
          cancel_url: CANCEL_URL,
          shipping_preference: 'SET_PROVIDED_ADDRESS',
          user_action: 'PAY_NOW',
          locale: 'en-GB',
          landing_page: 'LOGIN',
        },
      },
    },
    ...overrides,
  };
}

export const linkShape = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });
export const orderShape = z.object({ id: z.string(), status: z.string(), links: z.array(linkShape) });

export async function createOrder(
  sandbox: RunningPayPalSandbox,
  bearer: string,
  request: unknown = orderRequest(),
) {
  const reply = await call(sandbox, bearer, 'POST', '/v2/checkout/orders', request);
  return orderShape.parse(reply.body);
}

const capturedShape = z.object({
  purchase_units: z.tuple([
    z.object({ payments: z.object({ captures: z.tuple([z.object({ id: z.string() })]) }) }),
  ]),
});

/** The capture id in a capture answer. */
export const captureIdOf = (body: unknown): string =>
  capturedShape.parse(body).purchase_units[0].payments.captures[0].id;

export interface PageReply {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
}

/** The shopper pressing one of the approval page's buttons (the redirect is not followed). */
export async function choose(
  sandbox: RunningPayPalSandbox,
  orderId: string,
  choice: string,
): Promise<PageReply> {
  const response = await fetch(`${sandbox.url}/checkoutnow?token=${orderId}`, {
    method: 'POST',
    body: new URLSearchParams({ choice }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly raw: string;
  readonly event: { id: string; event_type: string; resource: Record<string, unknown> };
}

const eventShape = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.record(z.string(), z.unknown()),
});

export interface Listener {
  readonly url: string;
  readonly received: Received[];
  /** The HTTP status the shop answers with; default 200. */
  status: number;
  close(): Promise<void>;
}

export async function startListener(): Promise<Listener> {
  let url = '';
  const listener: Listener = {
    get url() {
      return url;
    },
    received: [],
    status: 200,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      listener.received.push({ headers: req.headers, raw, event: eventShape.parse(JSON.parse(raw)) });
      res.writeHead(listener.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/paypal/webhook`;
  return listener;
}

/** Polls until `check` stops throwing, within `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
