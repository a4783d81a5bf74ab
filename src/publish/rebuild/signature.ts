/**
 * The rebuild hook's signature, the scheme Stripe and GitHub webhooks use: HMAC-SHA256 with the shared
 * secret over `<timestamp>.<body>`, sent as `X-Rebuild-Signature: sha256=<hex>` with
 * `X-Rebuild-Timestamp: <unix seconds>`. Signing the timestamp bounds a replay to MAX_SKEW_SECONDS; the
 * hook also refuses a signature it has seen within that window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Rebuild-Signature';
export const TIMESTAMP_HEADER = 'X-Rebuild-Timestamp';
/** How old (or how far in the future) a signed request may be. */
export const MAX_SKEW_SECONDS = 300;

const hmac = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The headers of a signed hook request for `body`. */
export function signRebuildRequest(
  secret: string,
  body: string,
  now: number = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `sha256=${hmac(secret, timestamp, body)}` };
}

export type Verdict =
  { readonly ok: true; readonly signature: string } | { readonly ok: false; readonly reason: string };

/** Checks a hook request's headers (lower-case names, as Node gives them) against its raw body. */
export function verifyRebuildRequest(
  secret: string,
  body: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
): Verdict {
  const timestamp = headers[TIMESTAMP_HEADER.toLowerCase()];
  const signature = headers[SIGNATURE_HEADER.toLowerCase()];
  if (typeof timestamp !== 'string' || typeof signature !== 'string')
    return { ok: false, reason: `Send ${SIGNATURE_HEADER} and ${TIMESTAMP_HEADER}.` };
  if (!/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: `${TIMESTAMP_HEADER} must be unix seconds.` };
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
    return {
      ok: false,
      reason: `${TIMESTAMP_HEADER} is more than ${MAX_SKEW_SECONDS} s from the server's clock: sign each request when you send it.`,
    };
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const given = match?.[1] ? Buffer.from(match[1], 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'The signature does not match: check the shared secret (REBUILD_SECRET).' };
  return { ok: true, signature: `${timestamp}.${given.toString('hex')}` };
}
