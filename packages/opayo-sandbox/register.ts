/**
 * `POST /gateway/service/vspserver-register.vsp` (§1–2, §8.1): checks the registration, then answers OK
 * with a new transaction, OK REPEATED with the same ids for an open one, or MALFORMED / INVALID, always as
 * an HTTP 200 CRLF reply.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from 'zod';
import { PROTOCOL } from '@cleaning-shop/contracts/opayo/protocol.ts';
import { DETAIL, detail, REFUSALS, type Refusal } from './codes.ts';
import type { SandboxStore, TransactionRecord } from './db.ts';
import { readForm, sendReply } from './http.ts';
import { formatAmount } from '@cleaning-shop/kit/sandbox-pages.ts';
import { CARD_PATH } from './paths.ts';
import { checkRegistration, type RegistrationSettings } from './registration.ts';

export interface RegisterRouteOptions {
  readonly store: SandboxStore;
  readonly settings: RegistrationSettings;
  /** The sandbox's address as browsers reach it; NextURL starts with it. */
  readonly baseUrl: string;
  /** Registration is refused (4020) from any other address; unset accepts every address. */
  readonly allowedIps?: readonly string[] | undefined;
  /** Still payable: registered and not yet timed out. */
  readonly isOpen: (tx: TransactionRecord) => boolean;
  readonly now: () => number;
  readonly log?: ((message: string) => void) | undefined;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** §2.1: 10 upper-case letters and digits. */
const newSecurityKey = (): string =>
  Array.from({ length: 10 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
/** §2.1: a GUID in braces, upper case. */
const newVpsTxId = (): string => `{${randomUUID().toUpperCase()}}`;

/** `::ffff:127.0.0.1` → `127.0.0.1`; MyOpayo's zero-padded `127.000.000.001` → `127.0.0.1`. */
export function normaliseIp(address: string): string {
  const bare = address.replace(/^::ffff:/i, '');
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(bare)
    ? bare
        .split('.')
        .map((octet) => String(Number(octet)))
        .join('.')
    : bare.toLowerCase();
}

/** Every field of a registration post, as text; `checkRegistration` reads them as the protocol says. */
const registrationForm = z.record(z.string(), z.string());

function refuse(c: Context, refusal: Refusal): Response {
  return sendReply(c, {
    VPSProtocol: PROTOCOL,
    Status: refusal.status,
    StatusDetail: detail(refusal.code, refusal.text),
  });
}

export function createRegisterRoute(options: RegisterRouteOptions) {
  const { store } = options;
  const allowedIps = options.allowedIps?.map(normaliseIp);

  function registered(c: Context, tx: TransactionRecord, status: 'OK' | 'OK REPEATED'): Response {
    return sendReply(c, {
      VPSProtocol: PROTOCOL,
      Status: status,
      StatusDetail: DETAIL.registered,
      VPSTxId: tx.vpsTxId,
      SecurityKey: tx.securityKey,
      NextURL: `${options.baseUrl}${CARD_PATH}?vpstxid=${tx.vpsTxId}`,
    });
  }

  return async function register(c: Context): Promise<Response> {
    if (allowedIps && !allowedIps.includes(normaliseIp(getConnInfo(c).remote.address ?? '')))
      return refuse(c, REFUSALS.invalidIp);
    const check = checkRegistration(await readForm(c, registrationForm), options.settings);
    if (!check.ok) {
      const { refusal } = check;
      options.log?.(`Registration refused: ${refusal.status} ${refusal.code} : ${refusal.text}`);
      return refuse(c, refusal);
    }
    const { registration } = check;
    const active = store.latest(registration.vendor, registration.vendorTxCode);
    if (active && options.isOpen(active)) {
      if (active.amountPence !== registration.amountPence) return refuse(c, REFUSALS.repeatAmountDiffers);
      if (active.currency !== registration.currency) return refuse(c, REFUSALS.repeatCurrencyDiffers);
      return registered(c, active, 'OK REPEATED');
    }
    if (store.hasSucceeded(registration.vendor, registration.vendorTxCode)) {
      return refuse(c, REFUSALS.vendorTxCodeUsed);
    }
    const vpsTxId = newVpsTxId();
    store.insert({
      vpsTxId,
      vendor: registration.vendor,
      vendorTxCode: registration.vendorTxCode,
      securityKey: newSecurityKey(),
      amountPence: registration.amountPence,
      currency: registration.currency,
      description: registration.description,
      notificationUrl: registration.notificationUrl,
      fields: registration.fields,
      registeredAt: options.now(),
    });
    const tx = store.get(vpsTxId);
    if (!tx) throw new Error(`Transaction ${vpsTxId} was not stored`);
    options.log?.(`Registered ${vpsTxId} (${tx.vendorTxCode}, ${formatAmount(tx.amountPence, tx.currency)})`);
    return registered(c, tx, 'OK');
  };
}
