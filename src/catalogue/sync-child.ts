/**
 * A first sync in a child process of its own (`syncInChild`): with nothing held yet, a sync reads every
 * product from Magento, and the process that reads them keeps what the read left behind (parsed pages of
 * JSON, the objects it mapped) long after it is garbage: at 10,000 products the renderer held 466 MB
 * after reading Magento itself, 335 MB after reading the child's rows, when all processes peaked together
 * (`npm run bench:rebuild`). The child reads and writes the rows (sync-child-main.ts), answers what it
 * read (`Synced`), and exits; the owner then reads the rows it wrote (catalogue-owner.ts), and its process
 * never held the read.
 *
 * The child is configured from its environment, inherited from its parent's, as its parent is
 * (`loadConfig`).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MagentoApiError } from '../magento/client.ts';
import { CatalogueLoadError } from './load.ts';
import { syncedSchema, type CrossingSyncOptions, type Synced } from './sync-messages.ts';

const CHILD = fileURLToPath(new URL('./sync-child-main.ts', import.meta.url));

/** Why the child's sync failed, as the owner's caller tells a load failure and a transient one apart. */
export const syncFailureSchema = z.object({
  message: z.string(),
  /** A `CatalogueLoadError`: Magento refused or failed, said with what to check. */
  loadError: z.boolean(),
  /** Magento's HTTP status behind it (0: unreachable), when there was one (`isTransientLoadFailure`). */
  status: z.number().int().exactOptional(),
  url: z.string().exactOptional(),
});
export type SyncFailure = z.infer<typeof syncFailureSchema>;

/** What the child sends: lines for its parent's log, then its answer. */
export const syncChildMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('log'), line: z.string() }),
  z.object({ type: z.literal('synced'), synced: syncedSchema }),
  z.object({ type: z.literal('failed'), failure: syncFailureSchema }),
]);
export type SyncChildMessage = z.infer<typeof syncChildMessageSchema>;

/** The error the child's failure was, as far as a caller reads it. */
function failed({ message, loadError, status, url }: SyncFailure): Error {
  if (!loadError) return new Error(message);
  const cause = status === undefined ? undefined : new MagentoApiError(message, { status, url: url ?? '' });
  return new CatalogueLoadError(message, { cause });
}

/**
 * Runs one sync in a child process; answers what it read, once it wrote the rows. The child inherits this
 * process's environment unless given one (`environment`: a test's back end).
 */
export function syncInChild(
  options: CrossingSyncOptions,
  log: (line: string) => void,
  environment?: Readonly<Record<string, string>>,
): Promise<Synced> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      ...(environment ? { env: environment } : {}),
    });
    let answer: Synced | Error | undefined;
    child.on('message', (message: unknown) => {
      const parsed = syncChildMessageSchema.safeParse(message);
      if (!parsed.success) answer = new Error(`The sync's child sent a message that did not parse.`);
      else if (parsed.data.type === 'log') log(parsed.data.line);
      else answer = parsed.data.type === 'synced' ? parsed.data.synced : failed(parsed.data.failure);
    });
    child.once('error', reject);
    // 'close', not 'exit': the channel is closed by then, so every message the child sent has come.
    child.once('close', (code, signal) => {
      if (answer instanceof Error) reject(answer);
      else if (answer) resolve(answer);
      else
        reject(new Error(`The catalogue's sync stopped before it answered (${signal ?? `exit ${code}`}).`));
    });
    child.send(options);
  });
}
