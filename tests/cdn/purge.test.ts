/**
 * The purgers against a local HTTP server standing in for Varnish, Fastly's and Cloudflare's APIs: what
 * each sends (method, path, auth, keys, batches) and that anything but an acknowledgement is a failure.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  batches,
  cloudflarePurger,
  fastlyPurger,
  noPurger,
  purgerFor,
  PurgeError,
  varnishPurger,
} from '../../src/cdn/purge.ts';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Answers each request with the next scripted reply (then 200), and keeps what it received. */
function standIn() {
  const received: Received[] = [];
  const replies: { status: number; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const reply = replies.shift() ?? { status: 200, body: '{"success":true,"errors":[],"result":{}}' };
      res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body);
    });
  });
  return {
    received,
    replies,
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

const cdn = standIn();
const keys = (count: number) => Array.from({ length: count }, (_, at) => `product:p-${at}`);

beforeAll(() => new Promise<void>((resolve) => cdn.server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => cdn.server.close(() => resolve())));
beforeEach(() => {
  cdn.received.length = 0;
  cdn.replies.length = 0;
});

describe('varnish', () => {
  it('sends PURGE with the keys in xkey-purge to every host', async () => {
    await varnishPurger([cdn.url(), cdn.url()]).purge(['product:a', 'build']);
    expect(cdn.received).toHaveLength(2);
    for (const request of cdn.received) {
      expect(request.method).toBe('PURGE');
      expect(request.url).toBe('/');
      expect(request.headers['xkey-purge']).toBe('product:a build');
    }
  });

  it('keeps each header line to a few kilobytes', async () => {
    await varnishPurger([cdn.url()]).purge(keys(1000));
    expect(cdn.received.length).toBeGreaterThan(1);
    const sent = cdn.received.flatMap((request) => String(request.headers['xkey-purge']).split(' '));
    expect(sent).toEqual(keys(1000));
    for (const request of cdn.received)
      expect(String(request.headers['xkey-purge']).length).toBeLessThan(4100);
  });

  it('fails when one host refuses or cannot be reached, naming it', async () => {
    cdn.replies.push({ status: 405, body: 'Not allowed.' });
    const purge = varnishPurger([cdn.url(), 'http://127.0.0.1:9']).purge(['build']);
    await expect(purge).rejects.toThrow(PurgeError);
    await expect(purge).rejects.toThrow(
      /answered 405: Not allowed\..*; PURGE http:\/\/127\.0\.0\.1:9\/ failed/,
    );
  });
});

describe('fastly', () => {
  it('posts batches of 256 keys in Surrogate-Key with the token in Fastly-Key', async () => {
    await fastlyPurger('svc 1', 'secret-token', { fastlyApi: cdn.url() }).purge(keys(300));
    expect(cdn.received.map((request) => request.url)).toEqual([
      '/service/svc%201/purge',
      '/service/svc%201/purge',
    ]);
    expect(cdn.received.map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(cdn.received[0]?.headers['fastly-key']).toBe('secret-token');
    const sent = cdn.received.map((request) => String(request.headers['surrogate-key']).split(' '));
    expect(sent.map((batch) => batch.length)).toEqual([256, 44]);
    expect(sent.flat()).toEqual(keys(300));
  });

  it('fails on a non-2xx, and stops at the first batch that failed', async () => {
    cdn.replies.push({ status: 403, body: '{"msg":"Provided credentials are missing or invalid"}' });
    await expect(fastlyPurger('svc', 'wrong', { fastlyApi: cdn.url() }).purge(keys(300))).rejects.toThrow(
      /answered 403: .*credentials are missing or invalid/,
    );
    expect(cdn.received).toHaveLength(1);
  });
});

describe('cloudflare', () => {
  it('posts the tags as JSON, 100 at a time, with a Bearer token', async () => {
    await cloudflarePurger('zone1', 'cf-token', { cloudflareApi: cdn.url() }).purge(keys(150));
    expect(cdn.received.map((request) => request.url)).toEqual([
      '/zones/zone1/purge_cache',
      '/zones/zone1/purge_cache',
    ]);
    expect(cdn.received[0]?.headers['authorization']).toBe('Bearer cf-token');
    expect(cdn.received[0]?.headers['content-type']).toBe('application/json');
    const sent = cdn.received.map((request) => (JSON.parse(request.body) as { tags: string[] }).tags);
    expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
    expect(sent.flat()).toEqual(keys(150));
  });

  it('fails on a non-2xx, and on a 2xx that does not say success', async () => {
    const purger = cloudflarePurger('zone1', 'cf-token', { cloudflareApi: cdn.url() });
    cdn.replies.push({
      status: 429,
      body: '{"success":false,"errors":[{"code":971,"message":"rate limited"}]}',
    });
    await expect(purger.purge(['build'])).rejects.toThrow(/answered 429/);
    cdn.replies.push({
      status: 200,
      body: '{"success":false,"errors":[{"code":1134,"message":"Tag purge off"}]}',
    });
    await expect(purger.purge(['build'])).rejects.toThrow(/did not confirm the purge: Tag purge off/);
    cdn.replies.push({ status: 200, body: 'not json' });
    await expect(purger.purge(['build'])).rejects.toThrow(PurgeError);
  });
});

describe('choosing a purger', () => {
  const settings = {
    CDN_PURGE_URLS: [],
    FASTLY_SERVICE_ID: 'svc',
    FASTLY_API_TOKEN: 'token',
    CLOUDFLARE_ZONE_ID: 'zone',
    CLOUDFLARE_API_TOKEN: 'token',
    CDN_MAX_AGE: 86400,
  };

  it('follows CDN_PURGE', async () => {
    expect(purgerFor({ ...settings, CDN_PURGE: 'none' })).toBe(noPurger);
    await noPurger.purge(['build']);
    expect(
      purgerFor({ ...settings, CDN_PURGE: 'varnish', CDN_PURGE_URLS: ['http://a', 'http://b'] }).name,
    ).toBe('varnish (2 hosts)');
    expect(purgerFor({ ...settings, CDN_PURGE: 'fastly' }).name).toBe('fastly');
    expect(purgerFor({ ...settings, CDN_PURGE: 'cloudflare' }).name).toBe('cloudflare');
  });

  it('batches by count and by length', () => {
    expect(batches(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
    expect(batches(['aaa', 'bbb', 'ccc'], 10, 7)).toEqual([['aaa', 'bbb'], ['ccc']]);
    expect(batches([], 2)).toEqual([]);
  });
});
