/**
 * The whole topology of topology.md §6 on loopback, brought up in order and torn down in reverse:
 *
 *   harness ─▶ Varnish :24380 ─▶ HAProxy :24300 ─┬▶ replica-a :24321 ┐ npm run serve, one shared dist,
 *                                                └▶ replica-b :24322 ┘ DATABASE_URL through the store gate
 *   store gate :25433 ─▶ PostgreSQL (a fresh database)     embedded Magento :28081   payment sandbox :28091
 *                                                           PayPal sandbox :28092 (webhooks to HAProxy)
 *
 * The back ends run once; the catalogue is synced and the site built once before the replicas start; each
 * replica has its own var folders and image cache. `heal` puts back whatever a scenario stopped, so the
 * next scenario starts from a whole topology.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyRows } from '../../src/catalogue/rows.ts';
import { syncStatePath } from '../../src/catalogue/sync-files.ts';
import { envSchema, processEnvironment } from '../../src/config/env.ts';
import { EMBEDDED_DEMO_OAUTH } from '../../src/config/magento.ts';
import { BalancerLog, haproxyConfig, haproxyDaemon, serverStates, socketPath } from './haproxy.ts';
import { http } from './http.ts';
import {
  payPalSandboxDaemon,
  payPalShopEnvironment,
  sandboxWebhooks,
  switchWebhooks,
} from './paypal-daemon.ts';
import { MAIL_CATCHER_URL, mailCatcherDaemon, mailShopEnvironment } from './mail-daemon.ts';
import { HOST, PORTS, urlOf } from './ports.ts';
import { sharedDatabase, throughGate, type SharedDatabase } from './postgres.ts';
import { Daemon, runToEnd, waitUntil, type PidBook } from './proc.ts';
import { findTools, type Tools } from './tools.ts';
import { prepareVcl, varnishDaemons, type Vcl, type VarnishDaemons } from './varnish.ts';

export interface TopologyOptions {
  /** The project. */
  readonly root: string;
  /** This run's folder (under var/replicas): logs, databases, the shared dist, each replica's var. */
  readonly scratch: string;
  /** Products in the demo catalogue (small, so builds are short). */
  readonly products: number;
  /** The harness's DATABASE_URL, when set: the server to make this run's database on. */
  readonly databaseUrl: string | undefined;
  /** A throwaway cluster even when a server is given or answers on 5432. */
  readonly ownPostgres: boolean;
  readonly book: PidBook;
  readonly log: (line: string) => void;
}

export interface Replica {
  /** REPLICA_ID, and its server name in HAProxy. */
  readonly id: string;
  readonly port: number;
  readonly url: string;
  readonly daemon: Daemon;
  /** Its own var folder (payments file, store file, snapshot, replay list). */
  readonly varDir: string;
  /** The payment bridge's SQLite file when payments are not in the shared store yet. */
  readonly paymentsDb: string;
}

export interface SandboxSwitches {
  readonly dropFirstReply?: boolean;
  readonly notifyTwice?: boolean;
}

/** The variables envSchema reads: none of the harness's own may leak into a daemon's. */
const SHOP_VARIABLES = new Set(Object.keys(envSchema.shape));

function baseEnvironment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(processEnvironment()).filter(([name]) => !SHOP_VARIABLES.has(name)),
  );
  return { ...env, ASTRO_TELEMETRY_DISABLED: '1' };
}

export class Topology {
  readonly options: TopologyOptions;
  readonly logDir: string;
  readonly urls = {
    varnish: urlOf(PORTS.varnish),
    haproxy: urlOf(PORTS.haproxy),
    magento: urlOf(PORTS.magento),
    sandbox: urlOf(PORTS.sandbox),
    paypal: urlOf(PORTS.paypal),
    mail: MAIL_CATCHER_URL,
  };
  readonly secrets = {
    rebuild: `replicas-hook-${randomBytes(12).toString('hex')}`,
    statusPassword: `replicas-status-${randomBytes(12).toString('hex')}`,
  };
  readonly distDir: string;
  readonly magentoDb: string;
  readonly sandboxDb: string;
  readonly payPalDb: string;
  readonly mailDb: string;
  readonly snapshotFile: string;
  readonly replicas: Replica[] = [];
  readonly base = baseEnvironment();
  readonly balancerLog: BalancerLog;
  tools: Tools | undefined;
  db: SharedDatabase | undefined;
  vcl: Vcl | undefined;
  healthPath = '/';
  magento: Daemon | undefined;
  sandbox: Daemon | undefined;
  payPal: Daemon | undefined;
  mailCatcher: Daemon | undefined;
  gate: Daemon | undefined;
  haproxy: Daemon | undefined;
  varnish: VarnishDaemons | undefined;
  #gateOpen = true;
  #sandboxSwitches: SandboxSwitches = {};
  #down: Promise<void> | undefined;

  constructor(options: TopologyOptions) {
    this.options = options;
    this.logDir = join(options.scratch, 'logs');
    this.distDir = join(options.scratch, 'dist');
    this.magentoDb = join(options.scratch, 'magento', 'magento.sqlite');
    this.sandboxDb = join(options.scratch, 'sandbox', 'sandbox.sqlite');
    this.payPalDb = join(options.scratch, 'paypal', 'paypal.sqlite');
    this.mailDb = join(options.scratch, 'mail', 'mail.sqlite');
    this.snapshotFile = join(options.scratch, 'catalogue', 'catalogue.db');
    this.balancerLog = new BalancerLog(join(this.logDir, 'haproxy.log'));
    for (const dir of [
      this.logDir,
      dirname(this.magentoDb),
      dirname(this.sandboxDb),
      dirname(this.payPalDb),
      dirname(this.mailDb),
      dirname(this.snapshotFile),
    ])
      mkdirSync(dir, { recursive: true });
  }

  get storeUrl(): string {
    if (!this.db) throw new Error('The shared database is not up');
    return this.db.url;
  }

  get gateOpen(): boolean {
    return this.#gateOpen;
  }

  /** What the sync, the build and every replica share: the public URLs, back ends, store, CDN and secrets. */
  storefrontEnvironment(): NodeJS.ProcessEnv {
    return {
      ...this.base,
      HOST,
      SITE_URL: this.urls.varnish,
      TRUSTED_PROXIES: 'loopback',
      MAGENTO_URL: this.urls.magento,
      MAGENTO_CONSUMER_KEY: EMBEDDED_DEMO_OAUTH.consumerKey,
      MAGENTO_CONSUMER_SECRET: EMBEDDED_DEMO_OAUTH.consumerSecret,
      MAGENTO_ACCESS_TOKEN: EMBEDDED_DEMO_OAUTH.accessToken,
      MAGENTO_ACCESS_TOKEN_SECRET: EMBEDDED_DEMO_OAUTH.accessTokenSecret,
      OPAYO_REGISTRATION_URL: `${this.urls.sandbox}/gateway/service/vspserver-register.vsp`,
      PAYMENT_NOTIFICATION_BASE_URL: this.urls.haproxy,
      ...payPalShopEnvironment(),
      ...mailShopEnvironment(),
      DATABASE_URL: throughGate(this.storeUrl, PORTS.storeGate),
      CDN_PURGE: 'varnish',
      CDN_PURGE_URLS: this.urls.varnish,
      REBUILD_SECRET: this.secrets.rebuild,
      REBUILD_STATUS_PASSWORD: this.secrets.statusPassword,
      // A burst of saves gives one run (and the back end's own hook joins the harness's).
      REBUILD_DEBOUNCE_MS: '1000',
      PRICE_RECONCILE_AT: 'off',
      CATALOGUE_SNAPSHOT: this.snapshotFile,
    };
  }

  /** Brings everything up; on a failure the caller still calls `down`, which stops what started. */
  async up(): Promise<void> {
    const { root, scratch, book, log } = this.options;
    const tools = findTools();
    this.tools = tools;
    this.db = await sharedDatabase(
      this.options.databaseUrl,
      this.logDir,
      book,
      this.base,
      this.options.ownPostgres,
    );
    log(`Store: ${this.db.description}`);

    this.gate = new Daemon(
      {
        name: 'store-gate',
        command: process.execPath,
        args: [
          'scripts/replicas/store-gate.ts',
          '--listen',
          String(PORTS.storeGate),
          '--target',
          this.db.target,
        ],
        env: this.base,
        cwd: root,
        logFile: join(this.logDir, 'store-gate.log'),
      },
      book,
    );
    this.gate.start();

    this.magento = new Daemon(
      {
        name: 'magento',
        command: process.execPath,
        args: ['scripts/backend.ts'],
        env: {
          ...this.base,
          SITE_URL: this.urls.varnish,
          EMBEDDED_MAGENTO_HOST: HOST,
          EMBEDDED_MAGENTO_PORT: String(PORTS.magento),
          EMBEDDED_MAGENTO_DB: this.magentoDb,
          EMBEDDED_MAGENTO_MEDIA: join(dirname(this.magentoDb), 'media'),
          // As Magento 2.4.4+ by default: the storefront signs its calls with OAuth 1.0a.
          EMBEDDED_INTEGRATION_AS_BEARER: 'false',
          DEMO_PRODUCT_COUNT: String(this.options.products),
          REBUILD_SECRET: this.secrets.rebuild,
          REBUILD_HOOK_URL: `${this.urls.haproxy}/rebuild`,
        },
        cwd: root,
        logFile: join(this.logDir, 'magento.log'),
      },
      book,
    );
    this.magento.start();
    this.sandbox = new Daemon(
      {
        name: 'payment-sandbox',
        command: process.execPath,
        args: ['scripts/replicas/payment-sandbox.ts'],
        env: {
          ...this.base,
          PAYMENT_SANDBOX_HOST: HOST,
          PAYMENT_SANDBOX_PORT: String(PORTS.sandbox),
          PAYMENT_SANDBOX_DB: this.sandboxDb,
        },
        cwd: root,
        logFile: join(this.logDir, 'payment-sandbox.log'),
      },
      book,
    );
    this.sandbox.start();
    this.payPal = payPalSandboxDaemon({
      root,
      logDir: this.logDir,
      dbFile: this.payPalDb,
      siteUrl: this.urls.varnish,
      notifyBaseUrl: this.urls.haproxy,
      base: this.base,
      book,
    });
    this.payPal.start();
    this.mailCatcher = mailCatcherDaemon({
      root,
      logDir: this.logDir,
      dbFile: this.mailDb,
      base: this.base,
      book,
    });
    this.mailCatcher.start();
    await this.waitForBackEnds();
    log(
      `Back ends up: Magento ${this.urls.magento} (${this.options.products} products), sandbox ${this.urls.sandbox}, PayPal ${this.urls.paypal}, mail ${this.urls.mail}`,
    );

    const shop = this.storefrontEnvironment();
    const syncMs = await runToEnd(
      {
        name: 'sync',
        command: process.execPath,
        args: ['scripts/sync.ts'],
        env: shop,
        cwd: root,
        logFile: join(this.logDir, 'sync.log'),
      },
      book,
      120_000,
    );
    const buildMs = await runToEnd(
      {
        name: 'build',
        command: process.execPath,
        args: ['scripts/build-site.ts', '--dist', this.distDir],
        env: shop,
        cwd: root,
        logFile: join(this.logDir, 'build.log'),
      },
      book,
      240_000,
    );
    log(
      `Catalogue synced in ${(syncMs / 1000).toFixed(1)} s, site built in ${(buildMs / 1000).toFixed(1)} s → ${this.distDir}`,
    );

    for (const [id, port] of [
      ['replica-a', PORTS.replicaA],
      ['replica-b', PORTS.replicaB],
    ] as const)
      this.replicas.push(this.replica(id, port, shop));
    for (const replica of this.replicas) replica.daemon.start();
    for (const replica of this.replicas) await this.waitServing(replica);
    const health = await http(`${this.replicas[0]?.url}/healthz`, { agent: false });
    this.healthPath = health.status === 200 ? '/healthz' : '/';
    log(
      `Replicas up: ${this.replicas.map((r) => `${r.id} ${r.url}`).join(', ')}; health check GET ${this.healthPath}`,
    );

    const socket = socketPath(scratch);
    this.haproxy = haproxyDaemon(
      tools,
      haproxyConfig(
        this.replicas.map((r) => ({ name: r.id, port: r.port })),
        this.healthPath,
        socket,
      ),
      scratch,
      this.logDir,
      book,
      this.base,
    );
    this.haproxy.start();
    for (const replica of this.replicas) await this.waitBalanced(replica);

    this.vcl = prepareVcl(root, scratch);
    this.varnish = varnishDaemons(tools, this.vcl, scratch, this.logDir, book, this.base);
    this.varnish.varnishd.start();
    await waitUntil(
      'Varnish to answer',
      async () => (await http(`${this.urls.varnish}/`, { agent: false })).status === 200,
      {
        timeoutMs: 30_000,
        intervalMs: 200,
        daemon: this.varnish.varnishd,
      },
    );
    this.varnish.ncsa.start();
    // varnishncsa attaches to the running varnishd; give it a moment before the first logged request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    log(`Balancer ${this.urls.haproxy} and Varnish ${this.urls.varnish} up (VCL: ${this.vcl.source})`);
  }

  replica(id: string, port: number, shop: NodeJS.ProcessEnv): Replica {
    const { root, scratch, book } = this.options;
    const varDir = join(scratch, id);
    mkdirSync(join(varDir, 'catalogue'), { recursive: true });
    // The replica's own snapshot starts where the first sync left it, as if it had synced itself.
    const snapshot = join(varDir, 'catalogue', 'catalogue.db');
    copyRows(this.snapshotFile, snapshot);
    const syncState = syncStatePath(this.snapshotFile);
    if (existsSync(syncState)) copyFileSync(syncState, syncStatePath(snapshot));
    const paymentsDb = join(varDir, 'payments', 'payments.sqlite');
    const daemon = new Daemon(
      {
        name: id,
        command: process.execPath,
        args: ['scripts/serve.ts', '--dist', this.distDir],
        env: {
          ...shop,
          PORT: String(port),
          REPLICA_ID: id,
          IMAGE_CACHE_DIR: join(varDir, 'image-cache'),
          CATALOGUE_SNAPSHOT: snapshot,
          PAYMENTS_DB: paymentsDb,
          STORE_FILE: join(varDir, 'store', 'shop.sqlite'),
          REBUILD_REPLAY_FILE: join(varDir, 'rebuild', 'hook-signatures.json'),
        },
        cwd: root,
        logFile: join(this.logDir, `${id}.log`),
      },
      book,
    );
    return { id, port, url: urlOf(port), daemon, varDir, paymentsDb };
  }

  async waitForBackEnds(): Promise<void> {
    const { magento, sandbox } = this;
    if (!magento || !sandbox) throw new Error('The back ends were not started');
    await waitUntil(
      'the embedded Magento to answer',
      async () =>
        (await http(`${this.urls.magento}/rest/V1/directory/countries`, { agent: false })).status > 0,
      { timeoutMs: 90_000, intervalMs: 250, daemon: magento },
    );
    await this.waitForSandbox();
    await this.waitForPayPal();
    await this.waitForMailCatcher();
  }

  async waitForMailCatcher(): Promise<void> {
    const { mailCatcher } = this;
    if (!mailCatcher) throw new Error('The mail catcher was not started');
    await waitUntil(
      'the mail catcher to answer',
      async () => (await http(`${this.urls.mail}/messages?limit=1`, { agent: false })).status === 200,
      { timeoutMs: 30_000, intervalMs: 200, daemon: mailCatcher },
    );
  }

  async waitForPayPal(): Promise<void> {
    const { payPal } = this;
    if (!payPal) throw new Error('The PayPal sandbox was not started');
    await waitUntil(
      'the PayPal sandbox to answer',
      async () => (await http(`${this.urls.paypal}/sandbox/webhooks`, { agent: false })).status === 200,
      { timeoutMs: 30_000, intervalMs: 200, daemon: payPal },
    );
  }

  async waitForSandbox(): Promise<void> {
    const { sandbox } = this;
    if (!sandbox) throw new Error('The sandbox was not started');
    await waitUntil(
      'the payment sandbox to answer',
      async () =>
        (await http(`${this.urls.sandbox}/sandbox/transactions?vpsTxId=none`, { agent: false })).status ===
        200,
      { timeoutMs: 30_000, intervalMs: 200, daemon: sandbox },
    );
  }

  /** The replica answers GET / itself. */
  async waitServing(replica: Replica, timeoutMs = 90_000): Promise<void> {
    await waitUntil(
      `${replica.id} to serve`,
      async () => (await http(`${replica.url}/`, { agent: false })).status === 200,
      {
        timeoutMs,
        intervalMs: 200,
        daemon: replica.daemon,
      },
    );
  }

  /** HAProxy's health checks have the replica up again. */
  async waitBalanced(replica: Replica, timeoutMs = 30_000): Promise<void> {
    const socket = socketPath(this.options.scratch);
    await waitUntil(
      `HAProxy to see ${replica.id} up`,
      async () =>
        (await serverStates(socket).catch(() => new Map<string, string>())).get(replica.id)?.startsWith('UP'),
      { timeoutMs, intervalMs: 200, ...(this.haproxy ? { daemon: this.haproxy } : {}) },
    );
  }

  async serverStates(): Promise<Map<string, string>> {
    return serverStates(socketPath(this.options.scratch));
  }

  /** Starts a stopped or killed replica and waits until it serves and HAProxy has it back. */
  async startReplica(replica: Replica): Promise<void> {
    if (!replica.daemon.running) replica.daemon.start();
    await this.waitServing(replica);
    await this.waitBalanced(replica);
  }

  /** SIGTERM, then start again: a rolling restart's step. */
  async restartReplica(replica: Replica): Promise<void> {
    await replica.daemon.stop();
    await this.startReplica(replica);
  }

  /** Restarts the sandbox with the §8.4 switches (pending notifications survive, in its file). */
  async restartSandbox(switches: SandboxSwitches): Promise<void> {
    const { sandbox } = this;
    if (!sandbox) throw new Error('The sandbox was not started');
    await sandbox.stop();
    sandbox.start({
      PAYMENT_SANDBOX_DROP_FIRST_REPLY: String(switches.dropFirstReply ?? false),
      PAYMENT_SANDBOX_NOTIFY_TWICE: String(switches.notifyTwice ?? false),
    });
    this.#sandboxSwitches = switches;
    await this.waitForSandbox();
  }

  /** The store outage: connections to PostgreSQL reset, new ones refused. */
  closeStore(): void {
    this.gate?.signal('SIGUSR1');
    this.#gateOpen = false;
  }

  openStore(): void {
    this.gate?.signal('SIGUSR2');
    this.#gateOpen = true;
  }

  /** Puts back whatever a scenario stopped, paused, closed or switched. */
  async heal(): Promise<string[]> {
    const healed: string[] = [];
    // A daemon of the topology that died is started again (none should: the log says why).
    for (const daemon of [
      this.gate,
      this.magento,
      this.payPal,
      this.mailCatcher,
      this.haproxy,
      this.varnish?.varnishd,
      this.varnish?.ncsa,
    ])
      if (daemon && !daemon.running) {
        daemon.start();
        healed.push(`restarted ${daemon.name}, which had stopped (see its log)`);
        if (daemon === this.gate) this.#gateOpen = true;
      }
    if (this.magento?.paused) {
      this.magento.resume();
      healed.push('resumed Magento');
    }
    if (!this.#gateOpen) {
      this.openStore();
      healed.push('opened the store gate');
    }
    if (
      this.sandbox &&
      (!this.sandbox.running || this.#sandboxSwitches.dropFirstReply || this.#sandboxSwitches.notifyTwice)
    ) {
      await this.restartSandbox({});
      healed.push('restarted the sandbox without switches');
    }
    if (this.payPal?.running && (await sandboxWebhooks(this.urls.paypal).catch(() => undefined))?.paused) {
      await switchWebhooks(this.urls.paypal, 'resume');
      healed.push("resumed the PayPal sandbox's webhooks");
    }
    for (const replica of this.replicas) {
      if (replica.daemon.paused) replica.daemon.resume();
      if (!replica.daemon.running) {
        await this.startReplica(replica);
        healed.push(`restarted ${replica.id}`);
      }
    }
    if (healed.length > 0) await this.waitForBackEnds();
    return healed;
  }

  /** Stops everything that started, newest first, and drops the run's database (once, however often asked). */
  down(): Promise<void> {
    this.#down ??= this.#stopAll();
    return this.#down;
  }

  async #stopAll(): Promise<void> {
    const daemons = [
      this.varnish?.ncsa,
      this.varnish?.varnishd,
      this.haproxy,
      ...this.replicas.map((replica) => replica.daemon),
      this.sandbox,
      this.payPal,
      this.mailCatcher,
      this.magento,
      this.gate,
    ];
    for (const daemon of daemons) await daemon?.stop().catch(() => undefined);
    await this.db?.drop().catch(() => undefined);
  }
}
