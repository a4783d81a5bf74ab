/**
 * The customer session middleware (src/http/customer-session.ts) on a route of its own: the token on the
 * context, SessionEnded as 401 with the cookie cleared, private answers unless they say otherwise, and
 * the guards before it answering as they always did.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  customerSession,
  endSession,
  jsonErrors,
  jsonReply,
  HttpError,
  sameOrigin,
  SessionEnded,
  signedIn,
} from '../../src/http/index.ts';

const SITE = 'https://shop.test';
const CLEARED = 'shop_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure';

function app(): Hono {
  const routes = new Hono();
  routes.onError(jsonErrors(() => new HttpError(503, 'Down.')));
  const session = customerSession({ siteUrl: SITE });
  routes.get('/token', session, (c) => jsonReply(200, { token: c.var.customerToken ?? null }));
  routes.get('/mine', session, signedIn('Please sign in.'), (c) =>
    jsonReply(200, { token: c.var.customerToken }),
  );
  routes.get('/ended', session, () => {
    throw new SessionEnded('Your session has ended. Please sign in again.');
  });
  routes.get('/file', session, () => jsonReply(200, {}, { 'Cache-Control': 'private, no-cache' }));
  routes.post('/leave', sameOrigin(SITE), session, (c) => {
    endSession(c);
    const reply = jsonReply(200, { left: true });
    reply.headers.append('Set-Cookie', 'other=; Max-Age=0');
    return reply;
  });
  return routes;
}

const cookie = (value: string) => ({ headers: { cookie: `shop_session=${value}` } });

describe('the customer session', () => {
  it('puts a well-formed token on the context, and none for a cookie that cannot hold one', async () => {
    expect(await (await app().request('/token', cookie('abc123'))).json()).toEqual({ token: 'abc123' });
    expect(await (await app().request('/token', cookie('a%20b'))).json()).toEqual({ token: null });
  });

  it('answers private, no-store by default and keeps an answer that chose its own caching', async () => {
    expect((await app().request('/token')).headers.get('cache-control')).toBe('private, no-store');
    expect((await app().request('/file')).headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers a route that needs a session, without one, 401 with its words and the cookie cleared', async () => {
    const reply = await app().request('/mine');
    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ message: 'Please sign in.' });
    expect(reply.headers.getSetCookie()).toEqual([CLEARED]);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(await (await app().request('/mine', cookie('t0k'))).json()).toEqual({ token: 't0k' });
  });

  it('answers SessionEnded 401 "Your session has ended", the cookie cleared', async () => {
    const reply = await app().request('/ended', cookie('t0k'));
    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    expect(reply.headers.getSetCookie()).toEqual([CLEARED]);
  });

  it('clears the session cookie first when an answer ends the session on purpose', async () => {
    const reply = await app().request('/leave', { method: 'POST', headers: { origin: SITE } });
    expect(reply.headers.getSetCookie()).toEqual([CLEARED, 'other=; Max-Age=0']);
  });

  it("leaves the guards' refusals before it as they were: no-store, no cookie", async () => {
    const reply = await app().request('/leave', { method: 'POST', headers: { origin: 'https://evil.test' } });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.getSetCookie()).toEqual([]);
  });
});
