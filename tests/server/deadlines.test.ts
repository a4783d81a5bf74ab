/**
 * Slow clients are cut within seconds on every server of the shop (src/http/deadlines.ts): 40 sockets that
 * dribble their headers, and 40 that promise a body and never finish it, neither starve the server nor
 * stay open past the deadlines.
 */
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestProxy } from '../../src/server/shopper/proxy.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../embedded-payment/helpers.ts';
import { makeFakeSite, startFakeSite, type FakeSite } from './helpers.ts';

const SLOW_SOCKETS = 40;

/** Opens a socket that sends `first`, then one byte a second; resolves with the seconds until the server closes it. */
function slowClient(url: string, first: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket: Socket = connect(Number(port), hostname, () => socket.write(first));
    const drip = setInterval(() => socket.write('x'), 1000);
    const done = () => {
      clearInterval(drip);
      resolve((performance.now() - started) / 1000);
    };
    socket.on('close', done);
    socket.on('error', () => socket.destroy());
    socket.on('data', () => undefined);
  });
}

async function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Connection: 'close' } });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function slowClientsAgainst(url: string, path: string, post: string) {
  const host = new URL(url).host;
  const headers = Array.from({ length: SLOW_SOCKETS / 2 }, () =>
    slowClient(url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `),
  );
  const bodies = Array.from({ length: SLOW_SOCKETS / 2 }, () =>
    slowClient(
      url,
      `POST ${post} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://127.0.0.1:4321\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const meanwhile = await timedGet(`${url}${path}`);
  return { meanwhile, headerCuts: await Promise.all(headers), bodyCuts: await Promise.all(bodies) };
}

let backend: TestBackend;
let sandbox: TestSandbox;
let site: FakeSite;
let shop: RunningStorefront;

beforeAll(async () => {
  backend = await startTestBackend();
  sandbox = await startTestSandbox();
  site = makeFakeSite();
  shop = await startFakeSite(site, {
    routes: [createRestProxy({ magentoBaseUrl: backend.url, siteUrl: 'http://127.0.0.1:4321' })],
  });
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  await sandbox.stop();
  rmSync(site.root, { recursive: true, force: true });
});

describe('deadlines', () => {
  it('cut slow headers within 5 s and slow bodies within 15 s, while the server keeps answering', async () => {
    const servers = [
      { url: shop.url, path: '/', post: `/rest/V1/guest-carts/${'a'.repeat(32)}/items` },
      { url: backend.url, path: '/rest/V1/directory/countries', post: '/rest/V1/customers' },
      { url: sandbox.url, path: '/', post: '/gateway/service/vspserver-register.vsp' },
    ];
    const results = await Promise.all(
      servers.map(({ url, path, post }) => slowClientsAgainst(url, path, post)),
    );
    for (const { meanwhile, headerCuts, bodyCuts } of results) {
      expect(meanwhile.status).toBeLessThan(500);
      expect(meanwhile.ms).toBeLessThan(2000);
      expect(Math.max(...headerCuts)).toBeLessThan(7);
      expect(Math.max(...bodyCuts)).toBeLessThan(17);
      expect(Math.min(...bodyCuts)).toBeGreaterThan(4);
    }
  }, 30_000);
});
