/**
 * Request plumbing the REST routes share: the JSON body (an empty body is `{}`, as PayPal takes an empty
 * capture or refund), `Prefer: return=representation`, and PayPal-Request-Id replays: a request id seen
 * before on the same operation gets the answer it got then, with 200 instead of 201 as PayPal's
 * idempotent replies do, and nothing happens twice. Only successes are kept, so a refused request can be
 * corrected and sent again under the same id.
 */
import type { Context } from 'hono';
import type { PayPalStore } from './db.ts';
import { payPalError, sendJson, type Api, type PayPalError } from './errors.ts';

export type JsonBody =
  { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly error: PayPalError };

export async function readJson(c: Context, api: Api): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, body: {} };
  try {
    const body: unknown = JSON.parse(text);
    return { ok: true, body };
  } catch {
    return {
      ok: false,
      error: payPalError('INVALID_REQUEST', api, [
        {
          location: 'body',
          issue: 'MALFORMED_REQUEST_JSON',
          description: 'The request JSON is not well formed.',
        },
      ]),
    };
  }
}

export const wantsRepresentation = (c: Context): boolean =>
  /return=representation/i.test(c.req.header('Prefer') ?? '');

export interface Idempotency {
  readonly store: PayPalStore;
  readonly now: () => number;
}

/** The stored answer to replay for this request id, if any. */
export function replay(c: Context, idempotency: Idempotency, scope: string): Response | undefined {
  const requestId = c.req.header('PayPal-Request-Id');
  if (!requestId) return undefined;
  const answer = idempotency.store.answer(scope, requestId);
  if (!answer) return undefined;
  return c.body(answer.body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
}

/** Answers with `body` and keeps it under the request's PayPal-Request-Id, if it has one. */
export function answerOnce(
  c: Context,
  idempotency: Idempotency,
  scope: string,
  status: 200 | 201,
  body: unknown,
): Response {
  const requestId = c.req.header('PayPal-Request-Id');
  if (requestId)
    idempotency.store.keepAnswer(scope, requestId, { status, body: JSON.stringify(body) }, idempotency.now());
  return sendJson(c, status, body);
}
