/**
 * Bench child: SHOPPERS guests of the embedded back end at BACKEND_URL, each creating a cart, adding one of
 * SKUS (comma-separated) and reading the totals, in a loop, from a process of its own so that the latency
 * measured is the back end's, not the bench's own event loop. SIGUSR2 starts the next phase (the first is
 * phase 0); on SIGTERM it prints `PHASES [{n, p50, p99}, …]` (ms) and exits.
 */
const base = `${process.env['BACKEND_URL'] ?? ''}/rest/V1`;
const skus = (process.env['SKUS'] ?? '').split(',').filter(Boolean);
const shoppers = Number(process.env['SHOPPERS'] ?? 20);
const phases: number[][] = [[]];
let running = true;
process.on('SIGUSR2', () => phases.push([]));

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  phases.at(-1)?.push(performance.now() - started);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function shopper(at: number): Promise<void> {
  while (running) {
    const cart = String(await call('POST', '/guest-carts'));
    const sku = skus[(at + (phases.at(-1)?.length ?? 0)) % skus.length] ?? '';
    await call('POST', `/guest-carts/${cart}/items`, { cartItem: { sku, qty: 1, quote_id: cart } });
    await call('GET', `/guest-carts/${cart}/totals`);
  }
}

const done = Promise.all(Array.from({ length: shoppers }, (_, at) => shopper(at)));
console.info('SHOPPING');
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

process.once('SIGTERM', () => {
  running = false;
  void done.finally(() => {
    const stats = phases.map((latencies) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    });
    console.info(`PHASES ${JSON.stringify(stats)}`);
  });
});
