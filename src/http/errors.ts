/**
 * Errors as answers: a route throws `HttpError(status, message)` and one error handler per part renders
 * it as `{message}` JSON, never cached. Anything else thrown is logged and answered as that part decides
 * (502 "try again" for the proxy, 500 for a provider's notification…), so no route writes its own
 * error bodies.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';

export class HttpError extends Error {
  readonly status: number;
  /** Extra headers of the answer, e.g. `Allow` on 405 or `Set-Cookie` to end a session on 401. */
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

/** Statuses whose answers carry no body (RFC 9110). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** JSON that is never cached: every answer of the shopper routes, the payment routes and the hook. */
export function jsonReply(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const text = body === undefined || NO_BODY.has(status) ? '' : JSON.stringify(body);
  return new Response(text === '' ? null : text, {
    status,
    headers: {
      ...(text === '' ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** Plain text (a trailing newline, as curl users expect), e.g. the server's own 404, 405 and 500. */
export function textReply(
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body = Buffer.from(`${text}\n`);
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(body.length),
      ...headers,
    },
  });
}

/** What went wrong, in one line for the log. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** What went wrong, with the stack when there is one: for failures nobody expected. */
export const describeError = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/**
 * The error handler of a part (`app.onError(jsonErrors(...))`): `HttpError` and Hono's own
 * `HTTPException` (a malformed JSON body) as `{message}`; anything else through `unexpected`, which logs
 * it and says what the caller should see.
 */
export function jsonErrors(unexpected: (error: unknown, c: Context) => HttpError): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return jsonReply(error.status, { message: error.message }, error.headers);
    if (error instanceof HTTPException) return jsonReply(error.status, { message: error.message });
    const answer = unexpected(error, c);
    return jsonReply(answer.status, { message: answer.message }, answer.headers);
  };
}
