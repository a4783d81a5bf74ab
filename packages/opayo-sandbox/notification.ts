/**
 * The notification POST's body (§3.2, in the order of the captured examples, §7.3) signed with the shared
 * 24-slot rule (§3.4), and the reading of the vendor's reply (§4.1): names case-insensitive, Status OK,
 * INVALID or ERROR with an absolute RedirectURL, or the reply does not count (§4.2: 5006 and retries).
 */
import {
  computeSignature,
  parseReply,
  PROTOCOL,
  replyField,
} from '@cleaning-shop/contracts/opayo/protocol.ts';
import type { Outcome } from './authorise.ts';

export interface SigningKeys {
  readonly vpsTxId: string;
  readonly vendorTxCode: string;
  readonly vendor: string;
  readonly securityKey: string;
}

const BEFORE_SIGNATURE = [
  'TxAuthNo',
  'AVSCV2',
  'AddressResult',
  'PostCodeResult',
  'CV2Result',
  'GiftAid',
  '3DSecureStatus',
  'CAVV',
  'CardType',
  'Last4Digits',
] as const;
const AFTER_SIGNATURE = [
  'DeclineCode',
  'ExpiryDate',
  'FraudResponse',
  'BankAuthCode',
  'ACSTransID',
  'DSTransID',
  'SchemeTraceID',
] as const;

function pick(data: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (data[name] === undefined ? [] : [[name, data[name]]])));
}

/** Every field of the notification, VPSSignature included; the same body is re-sent on every retry. */
export function notificationFields(keys: SigningKeys, outcome: Outcome): Record<string, string> {
  // GiftAid is "always present even if GiftAid is not active" (§3.2); the hosted page offers no Gift Aid.
  const data = { GiftAid: '0', ...outcome.data };
  const head = {
    VPSProtocol: PROTOCOL,
    TxType: 'PAYMENT',
    VendorTxCode: keys.vendorTxCode,
    VPSTxId: keys.vpsTxId,
    Status: outcome.status,
    StatusDetail: outcome.statusDetail,
    ...pick(data, BEFORE_SIGNATURE),
  };
  const tail = pick(data, AFTER_SIGNATURE);
  const signature = computeSignature({ ...head, ...tail }, keys.vendor, keys.securityKey);
  return { ...head, VPSSignature: signature, ...tail };
}

export type ReplyStatus = 'OK' | 'INVALID' | 'ERROR';

export type ReplyReading =
  | { readonly answered: true; readonly status: ReplyStatus; readonly redirectUrl: string }
  | { readonly answered: false; readonly problem: string };

const REPLY_STATUSES: readonly string[] = ['OK', 'INVALID', 'ERROR'] satisfies ReplyStatus[];
const isReplyStatus = (value: string | undefined): value is ReplyStatus =>
  value !== undefined && REPLY_STATUSES.includes(value);

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** §4.1–4.2: what the gateway makes of the vendor's answer to a notification. */
export function readReply(httpStatus: number, body: string): ReplyReading {
  if (httpStatus !== 200) return { answered: false, problem: `HTTP status ${httpStatus}, not 200` };
  const fields = parseReply(body);
  const status = replyField(fields, 'Status');
  if (!isReplyStatus(status)) {
    return {
      answered: false,
      problem: status === undefined ? 'no Status line' : `Status "${status}" is not OK, INVALID or ERROR`,
    };
  }
  const redirectUrl = replyField(fields, 'RedirectURL');
  if (!redirectUrl) return { answered: false, problem: 'no RedirectURL line' };
  if (!isAbsoluteHttpUrl(redirectUrl)) {
    return { answered: false, problem: `RedirectURL "${redirectUrl}" is not an absolute http(s) URL` };
  }
  return { answered: true, status, redirectUrl };
}
