/**
 * Varnish in front of HAProxy: `varnishd -F` with the shop's VCL (deploy/varnish/shop.vcl once it exists,
 * else the harness's stand-in, scripts/replicas/stand-in.vcl), its backend pointed at the harness's
 * HAProxy; and `varnishncsa` beside it writing every client request (PURGEs included) with its start time,
 * hit or miss, the probe tag the harness sent and the X-Build-Id answered. The scenarios read that log for
 * hit ratios and purge times, whatever headers the VCL adds.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, PORTS } from './ports.ts';
import { Daemon, type PidBook } from './proc.ts';
import type { Tools } from './tools.ts';

export const DEPLOY_VCL = 'deploy/varnish/shop.vcl';
const STAND_IN_VCL = 'scripts/replicas/stand-in.vcl';
/** The request header the harness tags its requests with, so log lines can be matched to them. */
export const PROBE_HEADER = 'X-Replicas-Probe';

export interface Vcl {
  readonly file: string;
  readonly source: string;
}

/** Every `backend … { … }` block's .host and .port set to the balancer's. */
export function pointBackendsAt(vcl: string, host: string, port: number): string {
  return vcl.replace(/backend\s+[\w-]+\s*\{[^}]*\}/g, (block) =>
    block
      .replace(/\.host\s*=\s*"[^"]*"\s*;/, `.host = "${host}";`)
      .replace(/\.port\s*=\s*"[^"]*"\s*;/, `.port = "${port}";`),
  );
}

export function prepareVcl(root: string, scratch: string): Vcl {
  const deploy = join(root, DEPLOY_VCL);
  const source = existsSync(deploy) ? DEPLOY_VCL : STAND_IN_VCL;
  const file = join(scratch, 'shop.vcl');
  writeFileSync(file, pointBackendsAt(readFileSync(join(root, source), 'utf8'), HOST, PORTS.haproxy));
  return { file, source };
}

const FIELDS = [
  '%{VSL:Timestamp:Start[1]}x',
  '%{Varnish:vxid}x',
  '%m',
  '%U%q',
  '%s',
  '%{Varnish:hitmiss}x',
  '%{Varnish:handling}x',
  `%{${PROBE_HEADER}}i`,
  '%{X-Build-Id}o',
  '%{xkey}i',
  '%{xkey-purge}i',
];

export interface CdnEntry {
  /** When Varnish began the request, ms since 1970. */
  readonly at: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly hit: boolean;
  readonly handling: string;
  readonly probe: string | undefined;
  readonly buildId: string | undefined;
  /** The tags of a PURGE (xkey or xkey-purge header). */
  readonly tags: string | undefined;
}

const dash = (value: string | undefined) => (value === undefined || value === '-' ? undefined : value);

export class CdnLog {
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  entries(): CdnEntry[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const f = line.split('\t');
        if (f.length < FIELDS.length || !/^\d+(\.\d+)?$/.test(f[0] ?? '')) return [];
        return [
          {
            at: Number(f[0]) * 1000,
            method: f[2] ?? '',
            url: f[3] ?? '',
            status: Number(f[4]),
            hit: f[5] === 'hit',
            handling: f[6] ?? '',
            probe: dash(f[7]),
            buildId: dash(f[8]),
            tags: dash(f[9]) ?? dash(f[10]),
          },
        ];
      });
  }

  purges(since = 0): CdnEntry[] {
    return this.entries().filter((entry) => entry.method === 'PURGE' && entry.at >= since);
  }

  /** The log lines of requests tagged `probe` (waits for varnishncsa to write them). */
  async probed(probes: ReadonlySet<string>, timeoutMs = 3000): Promise<Map<string, CdnEntry>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = new Map<string, CdnEntry>();
      for (const entry of this.entries())
        if (entry.probe && probes.has(entry.probe)) found.set(entry.probe, entry);
      if (found.size >= probes.size || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface VarnishDaemons {
  readonly varnishd: Daemon;
  readonly ncsa: Daemon;
  readonly log: CdnLog;
  readonly workDir: string;
}

export function varnishDaemons(
  tools: Tools,
  vcl: Vcl,
  scratch: string,
  logDir: string,
  book: PidBook,
  env: NodeJS.ProcessEnv,
): VarnishDaemons {
  const workDir = join(scratch, 'varnish');
  const varnishd = new Daemon(
    {
      name: 'varnishd',
      command: tools.varnishd,
      args: [
        '-F',
        '-j',
        'none',
        '-n',
        workDir,
        '-a',
        `${HOST}:${PORTS.varnish}`,
        '-T',
        'none',
        '-f',
        vcl.file,
        '-s',
        'malloc,256m',
        '-p',
        `vmod_path=${tools.vmodDir}`,
      ],
      env,
      cwd: scratch,
      logFile: join(logDir, 'varnishd.log'),
    },
    book,
  );
  const requests = join(logDir, 'varnish-requests.log');
  const ncsa = new Daemon(
    {
      name: 'varnishncsa',
      command: tools.varnishncsa,
      args: ['-n', workDir, '-F', FIELDS.join('\\t'), '-w', requests],
      env,
      cwd: scratch,
      logFile: join(logDir, 'varnishncsa.log'),
    },
    book,
  );
  return { varnishd, ncsa, log: new CdnLog(requests), workDir };
}
