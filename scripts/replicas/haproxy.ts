/**
 * HAProxy in front of the replicas, as topology.md §6 sets it: round robin, a health check every second
 * (GET /healthz when the server has that route, else GET /) that takes a replica out after two failures,
 * connection failures retried on the other replica (`retry-on conn-failure`, `option redispatch`), and
 * X-Forwarded-For added. `X-Served-By` names the replica that answered; the stats socket in the scratch
 * folder tells the harness which replicas HAProxy sees up.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { HOST, PORTS } from './ports.ts';
import { Daemon, type PidBook } from './proc.ts';
import type { Tools } from './tools.ts';

export interface Backend {
  readonly name: string;
  readonly port: number;
}

export function haproxyConfig(backends: readonly Backend[], healthPath: string, socket: string): string {
  return `# Written by scripts/replicas/haproxy.ts for one run of npm run test:replicas.
global
  log stdout format raw local0 info
  stats socket ${socket} mode 600 level admin
  maxconn 4096

defaults
  mode http
  log global
  option httplog
  option dontlognull
  option forwardfor
  option redispatch
  retries 3
  retry-on conn-failure
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  timeout check 2s

frontend shop
  bind ${HOST}:${PORTS.haproxy}
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${healthPath} ver HTTP/1.1 hdr Host ${HOST}:${PORTS.haproxy}
  http-check expect status 200
  http-response set-header X-Served-By %s
  default-server inter 1s fall 2 rise 2
${backends.map((backend) => `  server ${backend.name} ${HOST}:${backend.port} check`).join('\n')}
`;
}

export function haproxyDaemon(
  tools: Tools,
  config: string,
  scratch: string,
  logDir: string,
  book: PidBook,
  env: NodeJS.ProcessEnv,
): Daemon {
  const file = join(scratch, 'haproxy.cfg');
  writeFileSync(file, config);
  return new Daemon(
    {
      name: 'haproxy',
      command: tools.haproxy,
      args: ['-db', '-f', file],
      env,
      cwd: scratch,
      logFile: join(logDir, 'haproxy.log'),
    },
    book,
  );
}

/** One command on the stats socket; its answer as text. */
export function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const client = connect(socket, () => client.end(`${command}\n`));
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    client.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    client.on('error', reject);
    client.setTimeout(2000, () => client.destroy(new Error('stats socket timed out')));
  });
}

/** The replicas HAProxy's health checks have up, by server name (e.g. `UP`, `DOWN`, `UP 1/2`). */
export async function serverStates(socket: string): Promise<Map<string, string>> {
  const csv = await statsCommand(socket, 'show stat');
  const lines = csv.split('\n').filter(Boolean);
  const head = (lines[0] ?? '').replace(/^#\s*/, '').split(',');
  const at = (name: string) => head.indexOf(name);
  const states = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    if (cells[at('pxname')] !== 'replicas' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')] ?? ''))
      continue;
    states.set(cells[at('svname')] ?? '', cells[at('status')] ?? '');
  }
  return states;
}

export const socketPath = (scratch: string): string => join(scratch, 'haproxy.sock');

/** HAProxy's request log (its stdout): which replica served what, from a point on. */
export class BalancerLog {
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  /** Where the log ends now: count from here with `servedBy`. */
  mark(): number {
    return existsSync(this.file) ? statSync(this.file).size : 0;
  }

  /** Requests whose path starts with `pathPrefix`, by the replica that answered, since `mark`. */
  servedBy(pathPrefix: string, mark = 0): Map<string, number> {
    const counts = new Map<string, number>();
    if (!existsSync(this.file)) return counts;
    const text = readFileSync(this.file).subarray(mark).toString('utf8');
    for (const line of text.split('\n')) {
      const match = / replicas\/([\w-]+) .*"[A-Z]+ (\S+) HTTP/.exec(line);
      if (match?.[1] && match[2]?.startsWith(pathPrefix))
        counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
    }
    return counts;
  }
}
