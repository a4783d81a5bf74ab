/**
 * The mail catcher for tests: started on free ports and a throwaway file, read through its JSON API as a
 * journey would, and a port nothing listens on for "the SMTP server is down".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { loadEnv } from '../../src/config/env.ts';
import { startMailCatcher, type RunningMailCatcher } from '@cleaning-shop/mail-catcher/server.ts';
import { startShopMail, type ShopMail } from '../../src/mail/shop-mail.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';

const summary = z.object({
  id: z.number(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  receivedAt: z.string(),
  attachments: z.number(),
});
/** The catcher's `GET /messages` answer. */
export const caughtList = z.object({ total: z.number(), count: z.number(), messages: z.array(summary) });

/** The catcher's `GET /messages/:id` answer. */
export const caughtMessage = summary.extend({
  messageId: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(
    z.object({
      n: z.number(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number(),
      url: z.string(),
    }),
  ),
});
export type CaughtMessage = z.infer<typeof caughtMessage>;

export interface TestCatcher extends RunningMailCatcher {
  readonly dir: string;
  /** Messages to `address`, newest first, each whole. */
  messagesTo(address: string): Promise<CaughtMessage[]>;
  /** Stops it and removes its file. */
  dispose(): Promise<void>;
}

/** A free TCP port on loopback (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No free port.');
  return address.port;
}

export async function readMessages(url: string, address: string): Promise<CaughtMessage[]> {
  const found = caughtList.parse(
    await (await fetch(`${url}/messages?to=${encodeURIComponent(address)}`)).json(),
  );
  return Promise.all(
    found.messages.map(async (m) =>
      caughtMessage.parse(await (await fetch(`${url}/messages/${m.id}`)).json()),
    ),
  );
}

export async function startTestCatcher(
  options: { smtpPort?: number; dir?: string } = {},
): Promise<TestCatcher> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'mail-catcher-'));
  const catcher = await startMailCatcher({
    host: '127.0.0.1',
    port: 0,
    smtpPort: options.smtpPort ?? 0,
    dbFile: join(dir, 'mail.sqlite'),
    log: () => undefined,
  });
  return {
    ...catcher,
    dir,
    messagesTo: (address) => readMessages(catcher.url, address),
    async dispose() {
      await catcher.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it holds (or fails after `ms`). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The shop's mail as `createShopperRoutes` makes it (startShopMail), on `store`, sending to `catcher`:
 * the outbox and signature for the routes, and `stop` for afterAll.
 */
export function testShopMail(
  store: SharedStore,
  catcher: RunningMailCatcher,
): { mail: ShopMail; stop(): void } {
  const stopping = new AbortController();
  const env = loadEnv({ SMTP_URL: catcher.smtpUrl });
  return { mail: startShopMail(env, store, stopping.signal, () => undefined), stop: () => stopping.abort() };
}
