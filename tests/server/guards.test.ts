/**
 * The shared HTTP guards of src/http/ on an in-process Hono app: same origin, bounded bodies (declared or
 * streamed), JSON only, zod-validated JSON, and errors rendered as `{message}` JSON that is never cached.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  sameOrigin,
} from '../../src/http/index.ts';

const SITE = 'http://127.0.0.1:4321';
const body = z.object({ name: z.string().min(1).optional() }).optional();

function app() {
  const routes = new Hono();
  routes.onError(jsonErrors(() => new HttpError(502, 'Try again.')));
  routes.post('/thing', sameOrigin(SITE), limitBody(64), jsonOnly, jsonBody(body, 'Name the thing.'), (c) =>
    jsonReply(200, { got: c.req.valid('json') ?? null }),
  );
  routes.get('/boom', () => {
    throw new Error('disk on fire');
  });
  return routes;
}

const post = (init: { body?: BodyInit; headers?: Record<string, string> }) =>
  app().request('/thing', {
    method: 'POST',
    ...init,
    headers: { Origin: SITE, 'Content-Type': 'application/json', ...init.headers },
  });

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('guards', () => {
  it('passes a same-origin JSON body that the schema accepts', async () => {
    const response = await post({ body: '{"name":"x"}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: { name: 'x' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('compares Origin with the configured public origin, never with the Host the request names', async () => {
    const rebound = await post({
      body: '{}',
      headers: { Origin: 'http://attacker.example', Host: 'attacker.example' },
    });
    expect(rebound.status).toBe(403);
    const otherPort = await post({
      body: '{}',
      headers: { Origin: 'http://127.0.0.1:9999', Host: '127.0.0.1:9999' },
    });
    expect(otherPort.status).toBe(403);
  });

  it('refuses another origin, or none', async () => {
    expect((await post({ body: '{}', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    const none = await app().request('/thing', { method: 'POST', body: '{}' });
    expect(none.status).toBe(403);
    expect(await message(none)).toBe('Cross-site requests are not allowed.');
  });

  it('refuses bodies over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(100) });
    expect((await post({ body: big, headers: { 'Content-Length': String(big.length) } })).status).toBe(413);
    // No Content-Length: the limit counts the bytes as they stream in (Node needs `duplex` for that).
    const streaming: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      body: new Blob([big]).stream(),
      headers: { Origin: SITE, 'Content-Type': 'application/json' },
      duplex: 'half',
    };
    const streamed = await app().request('/thing', streaming);
    expect(streamed.status).toBe(413);
  });

  it('answers 415 for a body that is not JSON, and 400 for broken JSON or one the schema refuses', async () => {
    expect((await post({ body: 'name=x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    const broken = await post({ body: '{"name":' });
    expect([broken.status, await message(broken)]).toEqual([400, 'The request body is not valid JSON.']);
    const refused = await post({ body: '{"name":""}' });
    expect([refused.status, await message(refused)]).toEqual([400, 'Name the thing.']);
  });

  it('lets the schema judge an empty body, whatever its declared type', async () => {
    expect(await (await post({ body: '' })).json()).toEqual({ got: {} });
  });

  it('logs nothing itself and answers what the part decides for unexpected errors', async () => {
    const response = await app().request('/boom');
    expect([response.status, await message(response)]).toEqual([502, 'Try again.']);
  });
});
