/**
 * A real HTTP hop in front of a real server (the embedded Magento, the PayPal sandbox) that lets a test
 * act at the exact moment a chosen request arrives: do something first (another shopper buys the last
 * unit just as the order is placed) and pass it on, or answer it itself as a server that is down would
 * (503). Everything else passes through untouched, so the shop's client still speaks to the real server.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What to do with one request: pass it on (after `before`, if given), or answer `status` itself. */
export type Decision = { readonly pass: true } | { readonly status: number; readonly body: string };

export interface Interposer {
  readonly url: string;
  close(): Promise<void>;
}

const bodyOf = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

export async function startInterposer(
  target: string,
  decide: (method: string, path: string) => Promise<Decision>,
): Promise<Interposer> {
  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const body = await bodyOf(request);
      const decision = await decide(method, path);
      if (!('pass' in decision)) {
        response.writeHead(decision.status, { 'Content-Type': 'application/json' }).end(decision.body);
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) =>
          name === 'host' || name === 'content-length' || value === undefined ? [] : [[name, String(value)]],
        ),
      );
      const reply = await fetch(`${target}${path}`, {
        method,
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      const type = reply.headers.get('content-type');
      response.writeHead(reply.status, type ? { 'Content-Type': type } : {});
      response.end(Buffer.from(await reply.arrayBuffer()));
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
