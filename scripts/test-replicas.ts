/**
 * `npm run test:replicas`: the storefront as replicas behind a balancer and a CDN, on loopback
 * (research topology.md §6): Varnish → HAProxy → two `npm run serve` replicas sharing one PostgreSQL and
 * one dist folder, with the embedded Magento, the payment sandbox and the PayPal sandbox run once. Brings it all up, runs the
 * scenarios one after the other (each prints PASS or FAIL with its figures), and tears everything down,
 * also on Ctrl-C or a failure. Exits non-zero if any scenario fails; the daemons' logs stay in the run's
 * folder (var/replicas/<run>/logs), whose path is printed on failure.
 *
 *   npm run test:replicas                        every scenario
 *   npm run test:replicas -- --only smoke,t4     some of them (smoke, t1 … t7, paypal, po)
 *   npm run test:replicas -- --checkouts 20      T1 with fewer checkouts (default 50)
 *   npm run test:replicas -- --list              what each scenario checks
 *   npm run test:replicas -- --keep              leave the topology up afterwards, until Ctrl-C
 *   npm run test:replicas -- --own-postgres      a throwaway PostgreSQL cluster even when one answers
 *
 * Needs HAProxy, Varnish with varnish-modules (xkey) and PostgreSQL: DATABASE_URL when set (a fresh
 * database is made on that server and dropped after), else 127.0.0.1:5432 when it answers, else a
 * throwaway cluster from the installed binaries. A missing tool fails the run with the command that
 * installs it.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { processEnvironment } from '../src/config/env.ts';
import { assertPortsFree, PORTS } from './replicas/ports.ts';
import { PidBook } from './replicas/proc.ts';
import { Findings, seconds, type RunOptions, type Scenario } from './replicas/scenario.ts';
import { SCENARIOS } from './replicas/scenarios/index.ts';
import { Topology } from './replicas/topology.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS_DIR = join(root, 'var', 'replicas');
/** Runs whose folders are kept (logs, databases, builds); older ones are deleted at the next start. */
const KEEP_RUNS = 3;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    checkouts: { type: 'string', default: '50' },
    shoppers: { type: 'string', default: '50' },
    products: { type: 'string', default: '60' },
    list: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'own-postgres': { type: 'boolean', default: false },
  },
});

if (values.list) {
  for (const scenario of SCENARIOS) console.info(`${scenario.id.padEnd(6)} ${scenario.title}`);
  process.exit(0);
}

const wanted = values.only?.split(',').map((id) => id.trim().toLowerCase());
const unknown = wanted?.filter((id) => !SCENARIOS.some((scenario) => scenario.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(
    `Unknown scenario ${unknown.join(', ')}: choose from ${SCENARIOS.map((s) => s.id).join(', ')}.`,
  );
  process.exit(2);
}
const chosen = SCENARIOS.filter((scenario) => !wanted || wanted.includes(scenario.id));
const options: RunOptions = { checkouts: Number(values.checkouts), shoppers: Number(values.shoppers) };
const products = Number(values.products);
if (![options.checkouts, options.shoppers, products].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--checkouts, --shoppers and --products take whole numbers above 0.');
  process.exit(2);
}

const started = performance.now();
const stamp = () => `[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s]`;
const log = (line: string) => console.info(`${stamp()} ${line}`);

/** The previous runs' leftovers (a harness killed with -9) are stopped; old run folders deleted. */
function prepareRunsFolder(): string {
  mkdirSync(RUNS_DIR, { recursive: true });
  const runs = readdirSync(RUNS_DIR).sort();
  for (const run of runs) PidBook.reap(join(RUNS_DIR, run, 'pids.json'), log);
  for (const run of runs.slice(0, Math.max(0, runs.length - (KEEP_RUNS - 1))))
    rmSync(join(RUNS_DIR, run), { recursive: true, force: true });
  const scratch = join(RUNS_DIR, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(scratch, { recursive: true });
  return scratch;
}

interface Outcome {
  readonly scenario: Scenario;
  readonly findings: Findings;
  readonly error?: string;
  readonly ms: number;
}

function print(outcome: Outcome): void {
  const { scenario, findings, error, ms } = outcome;
  const ok = !error && findings.failed === 0;
  console.info(`\n${ok ? 'PASS' : 'FAIL'} ${scenario.id} — ${scenario.title} (${seconds(ms)})`);
  for (const line of findings.lines)
    console.info(`    ${line.kind === 'pass' ? '✓' : line.kind === 'fail' ? '✗' : '·'} ${line.text}`);
  if (error) console.info(`    ✗ stopped: ${error}`);
}

async function runScenario(topology: Topology, scenario: Scenario): Promise<Outcome> {
  const findings = new Findings();
  const controller = new AbortController();
  const begun = performance.now();
  log(`${scenario.id}: ${scenario.title}`);
  let timer: NodeJS.Timeout | undefined;
  let error: string | undefined;
  try {
    await Promise.race([
      scenario.run(
        { topology, options, signal: controller.signal, log: (line) => log(`  ${line}`) },
        findings,
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const reason = new Error(`did not finish within ${seconds(scenario.timeoutMs)}`);
          controller.abort(reason);
          reject(reason);
        }, scenario.timeoutMs);
      }),
    ]);
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  } finally {
    clearTimeout(timer);
    controller.abort(new Error('scenario over'));
  }
  const outcome = { scenario, findings, ms: performance.now() - begun, ...(error ? { error } : {}) };
  print(outcome);
  const healed = await topology.heal();
  if (healed.length > 0) log(`after ${scenario.id}: ${healed.join(', ')}`);
  return outcome;
}

async function main(): Promise<number> {
  await assertPortsFree(PORTS);
  const scratch = prepareRunsFolder();
  const topology = new Topology({
    root,
    scratch,
    products,
    databaseUrl: processEnvironment()['DATABASE_URL'] || undefined,
    ownPostgres: values['own-postgres'] ?? false,
    book: new PidBook(join(scratch, 'pids.json')),
    log,
  });
  let stopping = false;
  const teardown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('Tearing down…');
    await topology.down();
    process.exit(code);
  };
  process.once('SIGINT', () => void teardown(130));
  process.once('SIGTERM', () => void teardown(143));

  const where = relative(process.cwd(), scratch) || scratch;
  log(`Run folder: ${where}`);
  const outcomes: Outcome[] = [];
  try {
    await topology.up();
    for (const scenario of chosen) outcomes.push(await runScenario(topology, scenario));
    if (values.keep) {
      log(
        `Kept up: Varnish ${topology.urls.varnish}, HAProxy ${topology.urls.haproxy}, ${topology.replicas.map((r) => `${r.id} ${r.url}`).join(', ')}, Magento ${topology.urls.magento}, sandbox ${topology.urls.sandbox}, PayPal ${topology.urls.paypal}, store ${topology.storeUrl}. Ctrl-C tears down.`,
      );
      await new Promise(() => undefined);
    }
  } catch (error) {
    console.error(`\nThe topology failed: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`Logs of every daemon: ${join(where, 'logs')}`);
    await topology.down();
    return 1;
  }
  await topology.down();
  const failed = outcomes.filter((o) => o.error || o.findings.failed > 0);
  console.info(
    `\n${outcomes.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.map((o) => o.scenario.id).join(', ')})` : ''} in ${seconds(performance.now() - started)}.`,
  );
  if (failed.length > 0 && existsSync(scratch)) console.info(`Logs of every daemon: ${join(where, 'logs')}`);
  return failed.length > 0 ? 1 : 0;
}

// Exits even if a scenario that failed left a request or timer behind: everything it used is stopped.
process.exit(
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }),
);
