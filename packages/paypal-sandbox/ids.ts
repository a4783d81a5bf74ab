/**
 * Identifiers shaped as PayPal's: 17-character upper-case order, capture and refund ids, 13-character
 * payer ids, `WH-…` event ids, debug ids and access tokens. Random, so two sandboxes never collide.
 */
import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

function code(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length] ?? 'A';
  return out;
}

/** `5O190127TN364715T`: orders, captures and refunds share the format. */
export const newResourceId = (): string => code(17);

/** `QYR5Z8XDVJNXQ`: the payer's PayPal account id (PayerID on the return URL). */
export const newPayerId = (): string => code(13);

/** `WH-2WR32451HC0233532-67976317FL4543714`, as PayPal's event ids look. */
export const newEventId = (): string => `WH-${code(19)}-${code(17)}`;

/** PayPal answers every error with a 13-hex-digit debug id. */
export const newDebugId = (): string => randomBytes(7).toString('hex').slice(0, 13);

export const newTransmissionId = (): string => randomUUID();

/** An opaque bearer token, `A21AA…` as PayPal's are. */
export const newAccessToken = (): string => `A21AA${randomBytes(48).toString('base64url')}`;
