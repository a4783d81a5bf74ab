/**
 * The renderer's bundle, built in a child process of its own (bundle-child.ts): Astro's build of the
 * project, rendering no catalogue page, which keeps its prerender bundle (kept-bundle.ts) and exits. Vite,
 * Rolldown and the build's garbage leave with it, so the renderer holds only the bundle it imports. The
 * child is handed the catalogue's structure, not its products: the bundle's code is the same whatever the
 * catalogue (the renderer renders every later catalogue with it), and the pages the child writes beside
 * it are never published (a whole build renders every page again: warm-whole.ts).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Catalogue } from '../../catalogue/types.ts';
import { shopInfoSchema } from '../../config/shop.ts';

const CHILD = fileURLToPath(new URL('./bundle-child.ts', import.meta.url));

/** The child's one message, parsed there. */
export const bundleOrderSchema = z.object({
  /** The project (where astro.config.mjs is). */
  root: z.string().min(1),
  /** The build's output folder. */
  outDir: z.string().min(1),
  /** Where the prerender bundle is kept. */
  keepIn: z.string().min(1),
  /** The catalogue without its products, as JSON (a snapshot's text). */
  structure: z.string(),
  pricedAt: z.number(),
  shop: shopInfoSchema,
});
export type BundleOrder = z.infer<typeof bundleOrderSchema>;

/** The catalogue as the child is handed it: everything the pages share, no product. */
export const structureOf = (catalogue: Catalogue): string =>
  JSON.stringify({ ...catalogue, products: [], positions: {}, rulePrices: {} });

/** The child's last lines of output, logged when it fails. */
const LAST_LINES = 40;

/**
 * The child's young generation, in MB a semi-space (V8 lets it grow to 32: 64 MB of young objects at
 * once). It runs while the server and the renderer are up, and was the largest process of the three when
 * all of them together peaked at 10,000 products (670 of 1,550 MB, `npm run bench:rebuild`); at 4 the
 * peak of all processes came later, during the saves, and the bundle took no longer.
 */
const SEMI_SPACE_MB = 4;

/**
 * Builds the bundle in a child process; resolves once it has exited, having kept it. What the child
 * writes is logged only when it fails: its pages warn of a catalogue with no product, which no one reads.
 */
export function buildBundle(order: BundleOrder, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      cwd: order.root,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
      execArgv: [...process.execArgv, `--max-semi-space-size=${SEMI_SPACE_MB}`],
    });
    const lines: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
      lines.splice(0, lines.length - LAST_LINES);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      lines.forEach((line) => log(line));
      reject(new Error(`The renderer's bundle could not be built (${signal ?? `exit ${code}`}).`));
    });
    child.send(order);
  });
}
