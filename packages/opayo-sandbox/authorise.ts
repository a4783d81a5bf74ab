/**
 * What the sandbox's "bank" decides for a card that passed the form's checks, and the notification data
 * of every outcome (§3.2, §5): 3-D Secure from the cardholder name or else the card (§5.2), AVS/CV2 from
 * the magic billing data (address 88, postcode 412), the registration's ApplyAVSCV2/Apply3DSecure flags
 * against the sandbox vendor's default rules, then authorised or declined by the card.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { CardThreeDs, EnteredCard, TestCard } from './cards.ts';
import { DETAIL } from './codes.ts';
import type { Fields } from './registration.ts';

export type FinalStatus = 'OK' | 'NOTAUTHED' | 'REJECTED' | 'ABORT' | 'ERROR';
export type TxStatus = 'REGISTERED' | FinalStatus;

/** A transaction's outcome: its Status, StatusDetail and the other §3.2 fields by their protocol names. */
export interface Outcome {
  readonly status: FinalStatus;
  readonly statusDetail: string;
  readonly data: Readonly<Record<string, string>>;
}

export type ThreeDSecureStatus =
  'OK' | 'NOTCHECKED' | 'NOTAVAILABLE' | 'NOTAUTHED' | 'INCOMPLETE' | 'ATTEMPTONLY' | 'ERROR';

/** §5.2: the 3DS v2 sandbox names (documented for Pi; the issue asks the same of Server's page). */
const MAGIC_NAMES: Readonly<Record<string, ThreeDSecureStatus | 'CHALLENGE'>> = {
  CHALLENGE: 'CHALLENGE',
  SUCCESSFUL: 'OK',
  NOTAUTH: 'NOTAUTHED',
  PROOFATTEMPT: 'ATTEMPTONLY',
  NOTENROLLED: 'NOTAVAILABLE',
  REJECT: 'NOTAUTHED',
  TECHDIFFICULTIES: 'ERROR',
  ERROR: 'ERROR',
};

const BY_CARD: Readonly<Record<CardThreeDs, ThreeDSecureStatus>> = {
  Y: 'OK',
  N: 'NOTAVAILABLE',
  U: 'INCOMPLETE',
  E: 'ERROR',
  '-': 'NOTCHECKED',
};

/** The word the challenge page asks for (PI-DEMO: the ACS shows the word to type). */
export const CHALLENGE_WORD = 'challenge';

/**
 * 3-D Secure for this card. Apply3DSecure=2 skips it, and so do cards without 3DS; otherwise a magic
 * cardholder name decides, and any other name gets the card's own result. (On Pi any other name fails;
 * here an ordinary name authenticates, so "Jane Smith" with 4929000000006 pays, as the issue asks.)
 */
export function threeDSecure(entered: EnteredCard, fields: Fields): ThreeDSecureStatus | 'CHALLENGE' {
  if (fields['Apply3DSecure'] === '2' || entered.card.threeDs === '-') return 'NOTCHECKED';
  return MAGIC_NAMES[entered.cardHolder.toUpperCase()] ?? BY_CARD[entered.card.threeDs];
}

/**
 * The sandbox vendor's 3DS rule: only a failed authentication rejects (Apply3DSecure 0); 1 forces checks
 * and rules (anything but OK/ATTEMPTONLY rejects); 2 and 3 always go on to authorisation.
 */
function threeDSecurePasses(status: ThreeDSecureStatus, apply: string | undefined): boolean {
  if (apply === '2' || apply === '3') return true;
  if (apply === '1') return status === 'OK' || status === 'ATTEMPTONLY';
  return status !== 'NOTAUTHED';
}

export interface AvsCv2 {
  readonly AVSCV2: string;
  readonly AddressResult: string;
  readonly PostCodeResult: string;
  readonly CV2Result: string;
}

/** §5.1: address `88` and postcode `412` match; anything else does not (ApplyAVSCV2=2: not checked). */
export function avsCv2(fields: Fields, securityCodeMatched: boolean): AvsCv2 {
  if (fields['ApplyAVSCV2'] === '2') {
    return {
      AVSCV2: 'DATA NOT CHECKED',
      AddressResult: 'NOTCHECKED',
      PostCodeResult: 'NOTCHECKED',
      CV2Result: 'NOTCHECKED',
    };
  }
  const address1 = fields['BillingAddress1'] ?? '';
  const postCode = (fields['BillingPostCode'] ?? '').replace(/[\s-]/g, '');
  const addressMatched = /(^|\D)88(\D|$)/.test(address1);
  const postCodeMatched = postCode === '412';
  const addressData = addressMatched && postCodeMatched;
  return {
    AVSCV2:
      addressData && securityCodeMatched
        ? 'ALL MATCH'
        : securityCodeMatched
          ? 'SECURITY CODE MATCH ONLY'
          : addressData
            ? 'ADDRESS MATCH ONLY'
            : 'NO DATA MATCHES',
    AddressResult: addressMatched ? 'MATCHED' : 'NOTMATCHED',
    PostCodeResult: postCode === '' ? 'NOTPROVIDED' : postCodeMatched ? 'MATCHED' : 'NOTMATCHED',
    CV2Result: securityCodeMatched ? 'MATCHED' : 'NOTMATCHED',
  };
}

const cardData = (card: TestCard, expiry: string | undefined): Record<string, string> => ({
  CardType: card.type,
  Last4Digits: card.number.slice(-4),
  ...(expiry ? { ExpiryDate: expiry } : {}),
});

function threeDSecureData(status: ThreeDSecureStatus): Record<string, string> {
  if (status === 'NOTCHECKED') return { '3DSecureStatus': status };
  return {
    '3DSecureStatus': status,
    // A CAVV only comes with an authentication (§3.2); 20 random bytes in base64 carry `+ / =` sometimes.
    ...(status === 'OK' || status === 'ATTEMPTONLY' ? { CAVV: randomBytes(20).toString('base64') } : {}),
    ACSTransID: randomUUID().toUpperCase(),
    DSTransID: randomUUID().toUpperCase(),
  };
}

/** The outcome of a card that passed the form, once 3-D Secure has a result. */
export function authorise(entered: EnteredCard, threeDs: ThreeDSecureStatus, fields: Fields): Outcome {
  const card = cardData(entered.card, entered.expiry);
  const secure = threeDSecureData(threeDs);
  if (!threeDSecurePasses(threeDs, fields['Apply3DSecure'])) {
    return { status: 'REJECTED', statusDetail: DETAIL.threeDSecureFailed, data: { ...secure, ...card } };
  }
  const avs = avsCv2(fields, true);
  if (fields['ApplyAVSCV2'] === '1' && avs.AVSCV2 !== 'ALL MATCH') {
    return { status: 'REJECTED', statusDetail: DETAIL.rejectedByRules, data: { ...avs, ...secure, ...card } };
  }
  if (entered.card.declined) {
    return {
      status: 'NOTAUTHED',
      statusDetail: DETAIL.declined,
      data: { ...avs, ...secure, ...card, DeclineCode: '05' },
    };
  }
  return {
    status: 'OK',
    statusDetail: DETAIL.authorised,
    data: {
      TxAuthNo: String(randomInt(1_000_000, 100_000_000)),
      ...avs,
      ...secure,
      ...card,
      DeclineCode: '00',
      BankAuthCode: '999777',
      SchemeTraceID: `SP${randomInt(1_000_000, 10_000_000)}${randomInt(100_000, 1_000_000)}`,
    },
  };
}

/** Three failed entries (ACA 2001): what was recognised of the last one goes into the notification. */
export function rejectedAfterAttempts(
  known:
    { readonly card: TestCard; readonly expiry?: string; readonly securityCodeWrong: boolean } | undefined,
  fields: Fields,
): Outcome {
  return {
    status: 'REJECTED',
    statusDetail: DETAIL.rejectedByRules,
    data: known
      ? { ...(known.securityCodeWrong ? avsCv2(fields, false) : {}), ...cardData(known.card, known.expiry) }
      : {},
  };
}

/** Cancel on the hosted page, or the Transaction Monitor's time-out (§4.3): ABORT, 2013. */
export const aborted = (): Outcome => ({ status: 'ABORT', statusDetail: DETAIL.cancelled, data: {} });
