/**
 * A real payment sandbox on a throwaway SQLite file and a free port, and a tiny fake merchant: a node:http
 * server acting as NotificationURL that checks each notification's VPSSignature with the shared protocol
 * core and answers the way the test tells it to. Tests talk to both over HTTP, as the shop and a browser do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  computeSignature,
  formatReply,
  formEncode,
  newVendorTxCode,
  parseReply,
  registrationFields,
  type RegistrationInput,
} from '@cleaning-shop/contracts/opayo/protocol.ts';
import { INSPECTION_PATH } from '@cleaning-shop/opayo-sandbox/app.ts';
import {
  startPaymentSandbox,
  type PaymentSandboxConfig,
  type RunningPaymentSandbox,
} from '@cleaning-shop/opayo-sandbox/server.ts';

export const VENDOR = 'SandboxShop';

export interface TestSandbox extends RunningPaymentSandbox {
  readonly dir: string;
  readonly config: PaymentSandboxConfig;
  /** Stops the sandbox and deletes its folder. */
  stop(): Promise<void>;
}

/** A compressed clock: retries within a second, the monitor at 15 minutes unless a test says otherwise. */
export function testSandboxConfig(
  dir: string,
  overrides: Partial<PaymentSandboxConfig> = {},
): PaymentSandboxConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'sandbox.sqlite'),
    vendors: { [VENDOR]: true, closedshop: false },
    retryScheduleMs: [150, 300, 450, 600],
    notificationTimeoutMs: 2000,
    tickMs: 25,
    ...overrides,
  };
}

export async function startTestSandbox(
  overrides: Partial<PaymentSandboxConfig> = {},
  dir = mkdtempSync(join(tmpdir(), 'payment-sandbox-')),
): Promise<TestSandbox> {
  const config = testSandboxConfig(dir, overrides);
  const sandbox = await startPaymentSandbox(config);
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

export interface ReceivedNotification {
  readonly fields: Record<string, string>;
  readonly headers: IncomingHttpHeaders;
  /** The merchant's own check of VPSSignature with the stored SecurityKey. */
  readonly signatureValid: boolean;
}

/** What the merchant answers: a reply body, or `hang-up` to close the connection without an answer. */
export type MerchantAnswer = string | 'hang-up' | { readonly status: number; readonly body: string };

export interface FakeMerchant {
  readonly url: string;
  readonly notifyUrl: string;
  readonly received: ReceivedNotification[];
  /** Registers a transaction's SecurityKey, as the shop stores it from the registration reply. */
  remember(vpsTxId: string, securityKey: string): void;
  /** How the merchant answers from now on; default: `ok()`. */
  answer: (notification: ReceivedNotification) => MerchantAnswer;
  /** The notifications received for one transaction. */
  for(vpsTxId: string): ReceivedNotification[];
  returnUrl(vendorTxCode: string): string;
  close(): Promise<void>;
}

export async function startFakeMerchant(): Promise<FakeMerchant> {
  const keys = new Map<string, string>();
  const received: ReceivedNotification[] = [];
  let url = '';
  const merchant: FakeMerchant = {
    get url() {
      return url;
    },
    get notifyUrl() {
      return `${url}/payments/opayo/notify`;
    },
    received,
    remember: (vpsTxId, securityKey) => void keys.set(vpsTxId, securityKey),
    answer: (notification) => okAnswer(merchant, notification),
    for: (vpsTxId) => received.filter((notification) => notification.fields['VPSTxId'] === vpsTxId),
    returnUrl: (vendorTxCode) => `${url}/checkout/return?ref=${vendorTxCode}`,
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
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const key = keys.get(fields['VPSTxId'] ?? '');
      const signatureValid =
        key !== undefined && fields['VPSSignature'] === computeSignature(fields, VENDOR, key);
      const notification = { fields, headers: req.headers, signatureValid };
      received.push(notification);
      const answer = merchant.answer(notification);
      if (answer === 'hang-up') {
        req.socket.destroy();
        return;
      }
      const { status, body } = typeof answer === 'string' ? { status: 200, body: answer } : answer;
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return merchant;
}

/** §4.1 as the shop answers: OK for every notification whose signature checks out, INVALID otherwise. */
export function okAnswer(merchant: FakeMerchant, notification: ReceivedNotification): string {
  const ref = notification.fields['VendorTxCode'] ?? '';
  return notification.signatureValid
    ? formatReply({
        Status: 'OK',
        RedirectURL: merchant.returnUrl(ref),
        StatusDetail: 'Notification received',
      })
    : formatReply({
        Status: 'INVALID',
        RedirectURL: `${merchant.url}/checkout/failed?ref=${ref}`,
        StatusDetail: 'Cannot match the MD5 Hash. Order might be tampered with.',
      });
}

export const ADDRESS = {
  firstnames: 'Jane',
  surname: 'Smith',
  address1: '88 Test Street',
  city: 'London',
  postCode: '412',
  country: 'GB',
} as const;

/** A valid registration POST, built with the shop's own field builder, plus raw overrides. */
export function registration(
  merchant: FakeMerchant,
  input: Partial<RegistrationInput> = {},
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    ...registrationFields({
      vendor: VENDOR,
      vendorTxCode: newVendorTxCode(),
      amount: 49.98,
      currency: 'GBP',
      description: 'Clearwater order 100000123',
      notificationUrl: merchant.notifyUrl,
      billing: ADDRESS,
      delivery: ADDRESS,
      basket: {
        lines: [
          { description: 'Pressure washer', quantity: 1, unitGross: 13 },
          { description: 'Detergent', quantity: 2, unitGross: 18.49 },
        ],
        delivery: 0,
      },
      ...input,
    }),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
  );
}

export interface RegistrationReply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly fields: Record<string, string>;
}

export async function postRegistration(
  sandbox: RunningPaymentSandbox,
  fields: Record<string, string>,
): Promise<RegistrationReply> {
  const response = await fetch(sandbox.registrationUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formEncode(fields),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    fields: parseReply(text),
  };
}

export interface Registered {
  readonly vendorTxCode: string;
  readonly vpsTxId: string;
  readonly securityKey: string;
  readonly nextUrl: string;
}

/** Registers a transaction that must be accepted, and tells the merchant its SecurityKey. */
export async function register(
  sandbox: RunningPaymentSandbox,
  merchant: FakeMerchant,
  input: Partial<RegistrationInput> = {},
  overrides: Record<string, string | undefined> = {},
): Promise<Registered> {
  const fields = registration(merchant, input, overrides);
  const reply = await postRegistration(sandbox, fields);
  if (reply.fields['Status'] !== 'OK') throw new Error(`Registration refused: ${reply.text}`);
  const registered = {
    vendorTxCode: fields['VendorTxCode'] ?? '',
    vpsTxId: reply.fields['VPSTxId'] ?? '',
    securityKey: reply.fields['SecurityKey'] ?? '',
    nextUrl: reply.fields['NextURL'] ?? '',
  };
  merchant.remember(registered.vpsTxId, registered.securityKey);
  return registered;
}

/** An expiry date next year, MMYY. */
export const futureExpiry = (): string =>
  `12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

export interface CardInput {
  readonly cardNumber?: string;
  readonly expiryDate?: string;
  readonly securityCode?: string;
  readonly cardHolder?: string;
  readonly action?: 'pay' | 'cancel';
}

export interface PageReply {
  readonly status: number;
  readonly location: string | null;
  readonly headers: Headers;
  readonly html: string;
}

/** The browser submitting the hosted card form (not following the redirect, to assert on it). */
export async function submitCard(url: string, input: CardInput = {}): Promise<PageReply> {
  const body = new URLSearchParams({
    CardNumber: input.cardNumber ?? '4929 0000 0000 6',
    ExpiryDate: input.expiryDate ?? futureExpiry(),
    SecurityCode: input.securityCode ?? '123',
    CardHolder: input.cardHolder ?? 'Jane Smith',
    action: input.action ?? 'pay',
  });
  const response = await fetch(url, { method: 'POST', body, redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    html: await response.text(),
  };
}

export async function getPage(url: string): Promise<PageReply> {
  const response = await fetch(url, { redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    html: await response.text(),
  };
}

export interface InspectedNotification {
  sentAt: string;
  trigger: string;
  outcome: string;
  httpStatus: number | null;
  reply: string | null;
  replyStatus: string | null;
  redirectUrl: string | null;
  problem: string | null;
}

export interface InspectedTransaction {
  vendorTxCode: string;
  vpsTxId: string;
  vendor: string;
  amount: string;
  currency: string;
  status: string;
  statusDetail: string;
  failedAttempts: number;
  settlement: string | null;
  settled: boolean;
  void: boolean;
  notification: {
    state: string;
    retries: number;
    nextAttemptAt: string | null;
    replyStatus: string | null;
    redirectUrl: string | null;
    fields: Record<string, string> | null;
  };
  notifications: InspectedNotification[];
}

export async function inspect(
  sandbox: RunningPaymentSandbox,
  vendorTxCode: string,
): Promise<InspectedTransaction[]> {
  const response = await fetch(
    `${sandbox.url}${INSPECTION_PATH}?vendorTxCode=${encodeURIComponent(vendorTxCode)}`,
  );
  const body = (await response.json()) as { transactions: InspectedTransaction[] };
  return body.transactions;
}

export async function inspectOne(
  sandbox: RunningPaymentSandbox,
  vendorTxCode: string,
): Promise<InspectedTransaction> {
  const [transaction] = await inspect(sandbox, vendorTxCode);
  if (!transaction) throw new Error(`No transaction ${vendorTxCode}`);
  return transaction;
}

/** Polls until `check` returns a value (or stops throwing), within `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
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
