/**
 * The daemons of the replicas topology as child processes: each runs in the foreground in a process group
 * of its own (so `kill -9` takes its children with it, as a container's death would, and the terminal's
 * Ctrl-C reaches only the harness, which tears down in order), writes to its own log file in the scratch
 * folder, and is stopped by its id. Every pid is recorded in the scratch folder's `pids.json`, so a harness
 * that was itself killed leaves a list the next run can clean up (and nothing else).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DaemonSpec {
  /** Short name used in logs and messages, e.g. `replica-a`. */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** Appended to, across restarts, with a header line per start. */
  readonly logFile: string;
  /** What `stop` sends first (default SIGTERM; PostgreSQL's fast shutdown is SIGINT). */
  readonly stopSignal?: NodeJS.Signals;
}

/** The pids a run started, by name, so a later run can stop what a killed harness left behind. */
export class PidBook {
  readonly #file: string;
  readonly #pids = new Map<string, { pid: number; command: string }>();

  constructor(file: string) {
    this.#file = file;
  }

  record(name: string, pid: number, command: string): void {
    this.#pids.set(name, { pid, command });
    writeFileSync(this.#file, JSON.stringify(Object.fromEntries(this.#pids), null, 2));
  }

  /** Stops the process groups a previous run recorded, when they still run the recorded command. */
  static reap(file: string, log: (line: string) => void): void {
    if (!existsSync(file)) return;
    let book: Record<string, { pid: number; command: string }>;
    try {
      book = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { pid: number; command: string }>;
    } catch {
      return;
    }
    for (const [name, { pid, command }] of Object.entries(book)) {
      const cmdline = readCmdline(pid);
      if (!cmdline || !cmdline.includes(command)) continue;
      log(`Stopping ${name} (pid ${pid}) left by a previous run`);
      signalGroup(pid, 'SIGKILL');
    }
  }
}

function readCmdline(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/** Signals a whole process group; false when nothing of it is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** The pids of a process group's members (from /proc), e.g. to tell which replica runs a build. */
export function groupMembers(pgid: number): { pid: number; cmdline: string }[] {
  const members: { pid: number; cmdline: string }[] = [];
  let entries: string[];
  try {
    entries = readdirNumeric('/proc');
  } catch {
    return members;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 5 is the process group; the command name (field 2) may hold spaces, so count after its ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid)
        members.push({ pid: Number(entry), cmdline: readCmdline(Number(entry)) ?? '' });
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

const readdirNumeric = (path: string): string[] => readdirSync(path).filter((name) => /^\d+$/.test(name));

export class Daemon {
  readonly spec: DaemonSpec;
  readonly #book: PidBook;
  #child: ChildProcess | undefined;
  #exit: Promise<number | null> | undefined;
  #running = false;
  #paused = false;

  constructor(spec: DaemonSpec, book: PidBook) {
    this.spec = spec;
    this.#book = book;
  }

  get name(): string {
    return this.spec.name;
  }

  get pid(): number | undefined {
    return this.#running ? this.#child?.pid : undefined;
  }

  get running(): boolean {
    return this.#running;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Resolves with the exit code (null when killed by a signal) once the main process has exited. */
  get exited(): Promise<number | null> {
    return this.#exit ?? Promise.resolve(null);
  }

  /** Starts the process; `env` overrides the spec's variables for this start only (a sandbox switch). */
  start(env: NodeJS.ProcessEnv = {}): void {
    if (this.#running) throw new Error(`${this.name} is already running`);
    const { command, args, cwd, logFile } = this.spec;
    appendFileSync(logFile, `\n=== ${new Date().toISOString()} start: ${command} ${args.join(' ')}\n`);
    const fd = openSync(logFile, 'a');
    try {
      const child = spawn(command, args, {
        cwd,
        env: { ...this.spec.env, ...env },
        detached: true,
        stdio: ['ignore', fd, fd],
      });
      this.#child = child;
      this.#running = true;
      this.#paused = false;
      this.#exit = new Promise((resolve) => {
        child.once('exit', (code, signal) => {
          this.#running = false;
          appendFileSync(logFile, `=== ${new Date().toISOString()} exited: ${signal ?? `code ${code}`}\n`);
          resolve(code);
        });
        child.once('error', (error) => {
          this.#running = false;
          appendFileSync(logFile, `=== could not start: ${error.message}\n`);
          resolve(null);
        });
      });
      if (child.pid) this.#book.record(this.name, child.pid, args[0] ?? command);
    } finally {
      closeSync(fd);
    }
  }

  /** SIGTERM (or the spec's stop signal) to the group, then SIGKILL after `graceMs`; waits for the exit. */
  async stop(graceMs = 8000): Promise<void> {
    const pid = this.#child?.pid;
    if (!pid) return;
    if (this.#paused) this.resume();
    if (this.#running) {
      signalGroup(pid, this.spec.stopSignal ?? 'SIGTERM');
      const exited = await Promise.race([this.exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!exited) signalGroup(pid, 'SIGKILL');
      await this.exited;
    }
    // Children that outlived the main process (a build it started) go with it.
    signalGroup(pid, 'SIGKILL');
  }

  /** `kill -9` of the whole group, as a crashed host or container; waits for the exit. */
  async kill9(): Promise<void> {
    const pid = this.#child?.pid;
    if (!pid) return;
    signalGroup(pid, 'SIGKILL');
    await this.exited;
    this.#paused = false;
  }

  /** SIGSTOP: the process keeps its sockets open but answers nothing. */
  pause(): void {
    const pid = this.pid;
    if (pid && signalGroup(pid, 'SIGSTOP')) this.#paused = true;
  }

  resume(): void {
    const pid = this.#child?.pid;
    if (pid && signalGroup(pid, 'SIGCONT')) this.#paused = false;
  }

  /** Sends a signal to the main process only (e.g. the store gate's SIGUSR1/SIGUSR2). */
  signal(signal: NodeJS.Signals): void {
    const pid = this.pid;
    if (!pid) throw new Error(`${this.name} is not running`);
    process.kill(pid, signal);
  }

  /** The last lines of the log, for a failure message. */
  tail(lines = 15): string {
    try {
      return readFileSync(this.spec.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs: number; intervalMs?: number; daemon?: Daemon; signal?: AbortSignal },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    options.signal?.throwIfAborted();
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (options.daemon && !options.daemon.running)
      throw new Error(
        `${options.daemon.name} exited while waiting for ${what}. Its log (${options.daemon.spec.logFile}) ends:\n${options.daemon.tail()}`,
      );
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${options.timeoutMs / 1000} s waiting for ${what}${options.daemon ? `. ${options.daemon.name}'s log (${options.daemon.spec.logFile}) ends:\n${options.daemon.tail()}` : ''}`,
      );
    await sleep(options.intervalMs ?? 100);
  }
}

/** Runs a command to completion with its output in `logFile`; throws with the log's tail on failure. */
export async function runToEnd(spec: DaemonSpec, book: PidBook, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const daemon = new Daemon(spec, book);
  daemon.start();
  const code = await Promise.race([daemon.exited, sleep(timeoutMs).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    await daemon.stop(1000);
    throw new Error(
      `${spec.name} took longer than ${timeoutMs / 1000} s. Its log (${spec.logFile}) ends:\n${daemon.tail()}`,
    );
  }
  if (code !== 0)
    throw new Error(`${spec.name} failed (exit ${code}). Its log (${spec.logFile}) ends:\n${daemon.tail()}`);
  return performance.now() - started;
}
