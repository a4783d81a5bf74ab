/**
 * Opayo Server protocol 4.00 behind the provider seam (contracts/payment/opayo-server-4.00.md): the card
 * payments. The registration POST and its CRLF reply (§1–§2) are here; reading and verifying the signed
 * notification (§3) and the acknowledgement with RedirectURL (§4) are its route (`notify.ts`). The wire
 * details live in `src/contracts/opayo/`, which the embedded sandbox shares.
 */
import { paymentTexts } from '../../texts.ts';
import {
  formEncode,
  formatReply,
  newVendorTxCode,
  parseReply,
  registrationFields,
  replyField,
  signatureMatches,
} from '@cleaning-shop/contracts/opayo/protocol.ts';
import type {
  PaymentOutcome,
  PaymentProvider,
  ProviderNotification,
  RegistrationResult,
} from '../../provider.ts';
import { opayoRoutes, type OpayoNotifications } from './notify.ts';

export interface OpayoServerConfig {
  /** The vendor name Opayo issued (also lower-cased into every VPSSignature). */
  readonly vendor: string;
  /** `…/gateway/service/vspserver-register.vsp` of the sandbox, the live gateway or the embedded sandbox. */
  readonly registrationUrl: string;
  /** Where Opayo posts its notifications (fully qualified): `{base}/payments/opayo/notify`. */
  readonly notificationUrl: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** §3.3: the notification's Status for a PAYMENT, as the bridge reads it. */
const OUTCOMES: Readonly<Record<string, PaymentOutcome>> = {
  OK: 'paid',
  NOTAUTHED: 'declined',
  REJECTED: 'declined',
  ABORT: 'cancelled',
  ERROR: 'declined',
  PENDING: 'pending',
};

/** A reply line must stay one line: CR and LF would let a value forge another field. */
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim();

const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** The registration reply (§2.1) as the bridge's result: OK with its ids and NextURL, or why not. */
function registrationResult(text: string): RegistrationResult {
  const reply = parseReply(text);
  const status = (replyField(reply, 'Status') ?? '').toUpperCase();
  const detail = replyField(reply, 'StatusDetail') ?? '';
  if (status !== 'OK' && status !== 'OK REPEATED')
    return { ok: false, kind: status || 'UNREADABLE', detail: detail || text.slice(0, 200) };
  const providerRef = replyField(reply, 'VPSTxId') ?? '';
  const secret = replyField(reply, 'SecurityKey') ?? '';
  const nextUrl = replyField(reply, 'NextURL') ?? '';
  if (!providerRef || !secret || !isWebUrl(nextUrl))
    return { ok: false, kind: 'UNREADABLE', detail: `${status} without VPSTxId, SecurityKey or NextURL` };
  return { ok: true, providerRef, providerData: secret, nextUrl };
}

export function createOpayoServerProvider(config: OpayoServerConfig): PaymentProvider {
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 20_000;
  const notifications = opayoNotifications(config.vendor);
  return {
    name: 'opayo-server',
    methods: ['card'],
    notStarted: paymentTexts.startFailed,
    orderComment: ({ providerRef }) => `Paid by card through Opayo: VPSTxId ${providerRef}`,
    newCode: newVendorTxCode,
    routes: (settlement) => opayoRoutes(settlement, notifications),

    async register(order): Promise<RegistrationResult> {
      const { notificationUrl } = config;
      const fields = registrationFields({
        vendor: config.vendor,
        vendorTxCode: order.code,
        amount: order.amount,
        currency: order.currency,
        description: order.description,
        notificationUrl,
        billing: order.billing,
        delivery: order.delivery,
        email: order.email,
        basket: order.basket,
      });
      let text: string;
      try {
        const response = await doFetch(config.registrationUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/plain' },
          body: formEncode(fields),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
        // §1.2: Opayo answers 200 even for MALFORMED/INVALID; anything else is a transport problem.
        if (!response.ok) return { ok: false, kind: 'TRANSPORT', detail: `HTTP ${response.status}` };
      } catch (error) {
        return {
          ok: false,
          kind: 'TRANSPORT',
          detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        };
      }
      return registrationResult(text);
    },
  };
}

/** Opayo's notifications: read (§3.1), verified by their VPSSignature (§3.2), acknowledged (§4). */
export function opayoNotifications(vendor: string): OpayoNotifications {
  return {
    readNotification(body): ProviderNotification | undefined {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const code = fields['VendorTxCode'] ?? '';
      const providerRef = fields['VPSTxId'] ?? '';
      const status = (fields['Status'] ?? '').toUpperCase();
      if (!code || !providerRef || !status) return undefined;
      const txType = fields['TxType'];
      const outcome =
        txType !== undefined && txType.toUpperCase() !== 'PAYMENT'
          ? 'unknown'
          : (OUTCOMES[status] ?? 'unknown');
      return { code, providerRef, status, outcome, detail: fields['StatusDetail'] ?? '', fields };
    },

    verify(notification, stored) {
      return (
        notification.providerRef === stored.providerRef &&
        signatureMatches(notification.fields, vendor, stored.providerData)
      );
    },

    acknowledge(ack) {
      return {
        contentType: 'text/plain; charset=utf-8',
        body: formatReply({
          Status: ack.status,
          RedirectURL: oneLine(ack.redirectUrl),
          ...(ack.detail ? { StatusDetail: oneLine(ack.detail) } : {}),
        }),
      };
    },
  };
}
