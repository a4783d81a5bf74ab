/**
 * A fake Opayo Server 4.00 for the bridge's tests: it answers registrations as the protocol says (or as a
 * test tells it to), remembers what it was sent, and posts signed notifications (or tampered ones) to the
 * NotificationURL it was given, returning the bridge's reply. The real provider code talks to it over HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeSignature, formatReply, parseReply } from '@cleaning-shop/contracts/opayo/protocol.ts';

export interface Registered {
  readonly fields: Record<string, string>;
  readonly vpsTxId: string;
  readonly securityKey: string;
}

export interface NotifyOptions {
  /** Extra or replaced fields, set before signing. */
  readonly fields?: Record<string, string>;
  /** Fields replaced after signing (tampering). */
  readonly tamper?: Record<string, string>;
  /** Sign with this key instead of the transaction's. */
  readonly key?: string;
}

export interface NotifyReply {
  readonly status: number;
  readonly text: string;
  readonly fields: Record<string, string>;
}

export interface FakeOpayo {
  readonly registrationUrl: string;
  readonly registered: Map<string, Registered>;
  /** Replaces the registration reply (return a body), or undefined for the normal OK. */
  replyWith(reply: ((fields: Record<string, string>) => string) | undefined): void;
  /** The signed notification body, for handing to a bridge directly. */
  notificationBody(code: string, status: string, options?: NotifyOptions): string;
  notify(code: string, status: string, options?: NotifyOptions): Promise<NotifyReply>;
  close(): Promise<void>;
}

const STATUS_DETAIL: Record<string, string> = {
  OK: '0000 : The Authorisation was Successful.',
  NOTAUTHED: '2000 : The Authorisation was Declined by the bank.',
  REJECTED: '2001 : The Transaction was rejected because of the fraud screening rules you have set.',
  ABORT: '2013 : The Transaction was cancelled by the customer.',
  ERROR: '5000 : An error occurred at the bank.',
};

/** The fields of a notification for `status`, shaped like contracts §7.3. */
function notificationFields(code: string, tx: Registered, status: string): Record<string, string> {
  const base: Record<string, string> = {
    VPSProtocol: '4.00',
    TxType: 'PAYMENT',
    VendorTxCode: code,
    VPSTxId: tx.vpsTxId,
    Status: status,
    StatusDetail: STATUS_DETAIL[status] ?? status,
    GiftAid: '0',
  };
  if (status !== 'OK' && status !== 'NOTAUTHED') return base;
  return {
    ...base,
    ...(status === 'OK' ? { TxAuthNo: '9177364', BankAuthCode: '999777' } : {}),
    AVSCV2: 'SECURITY CODE MATCH ONLY',
    AddressResult: 'NOTMATCHED',
    PostCodeResult: 'NOTMATCHED',
    CV2Result: 'MATCHED',
    '3DSecureStatus': 'OK',
    CAVV: 'AAABARR5kwAAAAAAAAAAAAAAAAA=',
    CardType: 'VISA',
    Last4Digits: '0006',
    DeclineCode: status === 'OK' ? '00' : '05',
    ExpiryDate: '1230',
    ACSTransID: randomUUID().toUpperCase(),
    DSTransID: randomUUID().toUpperCase(),
    SchemeTraceID: 'SP4817236590123',
  };
}

export async function startFakeOpayo(vendor: string): Promise<FakeOpayo> {
  const registered = new Map<string, Registered>();
  let custom: ((fields: Record<string, string>) => string) | undefined;
  let base = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('latin1')));
      let body: string;
      if (custom) body = custom(fields);
      else {
        const code = fields['VendorTxCode'] ?? '';
        const tx: Registered = {
          fields,
          vpsTxId: `{${randomUUID().toUpperCase()}}`,
          securityKey: randomBytes(8).toString('hex').toUpperCase().slice(0, 10),
        };
        registered.set(code, tx);
        body = formatReply({
          VPSProtocol: '4.00',
          Status: 'OK',
          StatusDetail: '2014 : The Transaction was Registered Successfully.',
          VPSTxId: tx.vpsTxId,
          SecurityKey: tx.securityKey,
          NextURL: `${base}/gateway/service/cardselection?vpstxid=${tx.vpsTxId}`,
        });
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function body(code: string, status: string, options: NotifyOptions = {}): string {
    const tx = registered.get(code);
    if (!tx) throw new Error(`fake Opayo: ${code} was never registered`);
    const fields = { ...notificationFields(code, tx, status), ...options.fields };
    const signed = {
      ...fields,
      VPSSignature: computeSignature(fields, vendor, options.key ?? tx.securityKey),
      ...options.tamper,
    };
    return new URLSearchParams(signed).toString();
  }

  return {
    registrationUrl: `${base}/gateway/service/vspserver-register.vsp`,
    registered,
    replyWith(reply) {
      custom = reply;
    },
    notificationBody: body,
    async notify(code, status, options = {}) {
      const response = await fetch(registered.get(code)?.fields['NotificationURL'] ?? '', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'User-Agent': 'SagePay-Notifier/1.0',
        },
        body: body(code, status, options),
      });
      const text = await response.text();
      return { status: response.status, text, fields: parseReply(text) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
