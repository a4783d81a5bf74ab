/**
 * Load child of T7: guest shoppers making cart calls through the storefront's `/rest` proxy behind HAProxy,
 * each in a loop (a new cart, a line added, the totals read), from a process of its own so the latency
 * measured is the topology's, not the harness's event loop. Every call is recorded (start, duration,
 * status, the replica that answered); on SIGTERM the loops finish their call in flight, the records are
 * written to `--out` as JSON and the process exits.
 *
 *   node scripts/replicas/shoppers.ts --base http://127.0.0.1:24300 --origin http://127.0.0.1:24380 \
 *     --shoppers 50 --skus A,B,C --out calls.json
 */
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    origin: { type: 'string' },
    shoppers: { type: 'string', default: '50' },
    skus: { type: 'string' },
    out: { type: 'string' },
  },
});
const base = values.base ?? '';
const shoppers = Number(values.shoppers);
const skus = (values.skus ?? '').split(',').filter(Boolean);
if (!base || !values.out || skus.length === 0 || !(shoppers > 0))
  throw new Error('Usage: shoppers.ts --base <url> --origin <url> --shoppers <n> --skus <a,b> --out <file>');

/** One call: [start (ms since 1970), duration (ms), HTTP status or 0, replica or '', what failed]. */
type Call = [number, number, number, string, string];
const calls: Call[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: shoppers * 2 });
let running = true;

function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const startedAt = Date.now();
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = request(
      `${base}/rest/V1${path}`,
      {
        method,
        agent,
        headers: {
          Origin: values.origin ?? '',
          Accept: 'application/json',
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const served = res.headers['x-served-by'];
          calls.push([
            startedAt,
            performance.now() - started,
            status,
            typeof served === 'string' ? served : '',
            '',
          ]);
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status, json });
        });
        res.on('error', (error) => {
          calls.push([startedAt, performance.now() - started, 0, '', `${method} ${path}: ${error.message}`]);
          resolve({ status: 0, json: undefined });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      calls.push([
        startedAt,
        performance.now() - started,
        0,
        '',
        `${method} ${path}: ${error.code ?? error.message}`,
      ]);
      resolve({ status: 0, json: undefined });
    });
    req.end(payload);
  });
}

async function shopper(at: number): Promise<void> {
  for (let round = 0; running; round++) {
    const created = await call('POST', '/guest-carts');
    if (created.status !== 200 || typeof created.json !== 'string') continue;
    const cart = created.json;
    const sku = skus[(at + round) % skus.length] ?? '';
    if (!running) break;
    const added = await call('POST', `/guest-carts/${cart}/items`, {
      cartItem: { sku, qty: 1, quote_id: cart },
    });
    if (added.status !== 200 || !running) continue;
    await call('GET', `/guest-carts/${cart}/totals`);
  }
}

const done = Promise.all(Array.from({ length: shoppers }, (_, at) => shopper(at)));
console.info(`SHOPPING with ${shoppers} shoppers through ${base}`);
process.once('SIGTERM', () => {
  running = false;
  void done.finally(() => {
    writeFileSync(values.out ?? '', JSON.stringify(calls));
    console.info(`${calls.length} calls written to ${values.out}`);
    process.exit(0);
  });
});
