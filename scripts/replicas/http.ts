/**
 * One HTTP request as the scenarios make them: node:http (every header as given, Origin and
 * X-Forwarded-For included, no decompression), timed, and never throwing: a connection failure is status 0
 * with the error, so a scenario counts failures instead of dying on the first.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface Reply {
  /** 0 when no answer came (refused, reset, timed out). */
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Wall-clock start and end (ms since 1970) and the duration. */
  readonly startedAt: number;
  readonly endedAt: number;
  readonly ms: number;
  readonly error?: string;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string is sent as is; anything else as JSON (with its Content-Type). */
  readonly body?: unknown;
  readonly timeoutMs?: number;
  /** Default: a shared keep-alive agent; `false` opens a connection for this request only. */
  readonly agent?: Agent | false;
}

export const keepAlive = new Agent({ keepAlive: true, maxSockets: 128 });

export function http(url: string, options: RequestOptions = {}): Promise<Reply> {
  const startedAt = Date.now();
  const started = performance.now();
  const headers: Record<string, string> = { ...options.headers };
  let payload: Buffer | undefined;
  if (options.body !== undefined) {
    payload = Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
    if (typeof options.body !== 'string') headers['Content-Type'] ??= 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  return new Promise((resolve) => {
    const done = (status: number, responseHeaders: IncomingHttpHeaders, body: string, error?: string) =>
      resolve({
        status,
        headers: responseHeaders,
        body,
        startedAt,
        endedAt: Date.now(),
        ms: performance.now() - started,
        ...(error ? { error } : {}),
      });
    const req = request(
      url,
      { method: options.method ?? 'GET', headers, agent: options.agent ?? keepAlive },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (error) => done(0, res.headers, '', `response: ${error.message}`));
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => done(0, {}, '', error.code ?? error.message));
    req.end(payload);
  });
}

/** The body as JSON, or undefined when it is not JSON. */
export function json(reply: Reply): unknown {
  try {
    return JSON.parse(reply.body) as unknown;
  } catch {
    return undefined;
  }
}

export const header = (reply: Reply, name: string): string | undefined => {
  const value = reply.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** `name=value` of each Set-Cookie, by name. */
export function cookiesOf(reply: Reply): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of reply.headers['set-cookie'] ?? []) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

/** A short description of a reply for a failure message. */
export const describe = (reply: Reply): string =>
  reply.status === 0
    ? `no answer (${reply.error ?? '?'})`
    : `${reply.status} ${reply.body.slice(0, 200).replace(/\s+/g, ' ')}`;

/** p-th percentile of a list of numbers (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
