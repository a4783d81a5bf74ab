/**
 * The programs the topology needs from the machine: HAProxy, Varnish with the xkey vmod (varnish-modules),
 * and, only when no PostgreSQL server is given or answers, PostgreSQL's own binaries for a throwaway
 * cluster. A missing one fails the run with the command that installs it; nothing is skipped silently.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const INSTALL = 'apt-get install -y haproxy varnish varnish-modules postgresql';

export class MissingToolError extends Error {
  constructor(what: string) {
    super(`${what} is not installed. Install it (Debian/Ubuntu, as root): ${INSTALL}`);
    this.name = 'MissingToolError';
  }
}

function which(program: string): string | undefined {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin']) {
    const path = join(dir, program);
    if (existsSync(path)) return path;
  }
  try {
    return execFileSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface Tools {
  readonly haproxy: string;
  readonly varnishd: string;
  readonly varnishncsa: string;
  /** The folder holding libvmod_xkey.so, passed as varnishd's vmod_path. */
  readonly vmodDir: string;
}

const VMOD_DIRS = [
  '/usr/lib/x86_64-linux-gnu/varnish/vmods',
  '/usr/lib/aarch64-linux-gnu/varnish/vmods',
  '/usr/lib/varnish/vmods',
  '/usr/lib64/varnish/vmods',
  '/usr/local/lib/varnish/vmods',
];

export function findTools(): Tools {
  const need = (program: string, what: string): string => {
    const path = which(program);
    if (!path) throw new MissingToolError(what);
    return path;
  };
  const haproxy = need('haproxy', 'HAProxy (haproxy)');
  const varnishd = need('varnishd', 'Varnish (varnishd)');
  const varnishncsa = need('varnishncsa', 'Varnish (varnishncsa)');
  const vmodDir = VMOD_DIRS.find((dir) => existsSync(join(dir, 'libvmod_xkey.so')));
  if (!vmodDir) throw new MissingToolError("Varnish's xkey vmod (varnish-modules)");
  return { haproxy, varnishd, varnishncsa, vmodDir };
}

/** PostgreSQL's server binaries (initdb, postgres, pg_isready): the newest installed version. */
export function findPostgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  const initdb = which('initdb');
  if (initdb) return initdb.replace(/\/initdb$/, '');
  throw new MissingToolError('PostgreSQL (initdb and postgres, for a throwaway cluster)');
}
