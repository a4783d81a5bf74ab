/**
 * Runs `astro build` as a child process: its output lines (colour codes stripped) go to a callback, the
 * last few are kept for the error message of a failed build, and its peak memory is sampled for
 * build-info.json.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Lines of the build's output kept for the error message of a failed build. */
const TAIL_LINES = 25;
// eslint-disable-next-line no-control-regex -- colour codes are exactly what this strips
const ANSI = /\u001b\[[0-9;]*m/g;

/** `astro build` lists each page it writes on a line of its own, drawn as a tree. */
export const PAGE_LINE = /[├└]─ /;

/** A page started (`├─ /a/index.html`), or a page finished (`(+3ms)`, maybe with "file not created"). */
const PAGE_TOKEN = /[├└]─ \/(\S+?)(?=\s|\d\d:\d\d:\d\d |[├└]─ |$)|\(\+[\d.]+m?s\)( \(file not created)?/g;

/**
 * Follows the page lines of `astro build`: it prints `├─ /a/index.html` when it starts a page and
 * ` (+3ms)` with the line's end once it has written the file (astro dist/core/build/generate.js,
 * `generatePathWithPrerenderer`). With `build.concurrency` above 1 the pages rendered at the same time
 * share lines (`├─ /a/index.html├─ /b/index.html (+5ms)`, then ` (+6ms)`): each end is taken to finish
 * the oldest page started, the usual order. A wrong guess costs nothing but time: the site pass
 * (site-pass.ts) handles again any file whose size or modification time changed after it read it.
 * `line` answers how many pages the line finished, for the progress count.
 */
export function pageLineReader(onWritten: (file: string) => void): { line(text: string): number } {
  const started: string[] = [];
  return {
    line(text) {
      let finished = 0;
      for (const [token, file, notCreated] of text.matchAll(PAGE_TOKEN)) {
        if (file !== undefined && !token.startsWith('(')) {
          started.push(file);
          continue;
        }
        finished += 1;
        const written = started.shift();
        if (written !== undefined && notCreated === undefined) onWritten(written);
      }
      return finished;
    },
  };
}

export interface RunResult {
  code: number;
  tail: string[];
  peakKb: number | undefined;
}

/** Peak resident memory of a process in KiB (Linux /proc), or undefined. */
function peakRssKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A rebuild runs on the machine that serves the shop (and often Magento): Astro's render gets the CPU
 * the shoppers' requests leave, so a cart call is not queued behind a page render: 10 steps nicer than
 * this process, on the build's main thread, where Astro renders. Where the system refuses, the build
 * runs as it is.
 */
const NICER_BY = 10;

function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + NICER_BY));
  } catch {
    // Not allowed here (a container's policy): slower shoppers under a rebuild, nothing worse.
  }
}

export function runBuild(
  command: readonly [string, ...string[]],
  cwd: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): Promise<RunResult> {
  const [program, ...args] = command;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    lowerPriority(child.pid);
    const tail: string[] = [];
    let peakKb: number | undefined;
    const sample = setInterval(() => {
      const kb = peakRssKb(child.pid);
      if (kb !== undefined) peakKb = Math.max(peakKb ?? 0, kb);
    }, 250);
    const read = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        for (const raw of parts) {
          const line = raw.replace(ANSI, '');
          tail.push(line);
          if (tail.length > TAIL_LINES) tail.shift();
          onLine(line);
        }
      });
    };
    read(child.stdout);
    read(child.stderr);
    child.once('error', (error) => {
      clearInterval(sample);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearInterval(sample);
      resolvePromise({ code: code ?? (signal ? 128 : 1), tail, peakKb });
    });
  });
}
