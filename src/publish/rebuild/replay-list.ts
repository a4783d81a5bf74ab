/**
 * The rebuild hook's replay list: the signatures accepted within the replay window, refused a second
 * time. Kept in a private file (0600, src/config/private-files.ts), rewritten atomically on each accepted
 * request, so a restart of the storefront does not reopen the window for a captured request. Without a
 * file (tests) it lives in memory only.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { preparePrivateFile } from '../../config/private-files.ts';

/** More than any honest sender makes in a window; beyond it the oldest are forgotten first. */
const MAX_REMEMBERED = 10_000;

const fileSchema = z.record(z.string(), z.number());

/** The stored list; an empty or damaged file is an empty list (a signature is still bound to its time). */
function readList(file: string): Record<string, number> {
  try {
    return fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return {};
  }
}

export class ReplayList {
  readonly #file: string | undefined;
  readonly #seen = new Map<string, number>();

  constructor(file: string | undefined, now: number = Date.now()) {
    this.#file = file;
    if (!file) return;
    preparePrivateFile(file);
    for (const [signature, expires] of Object.entries(readList(file)))
      if (expires > now) this.#seen.set(signature, expires);
  }

  /** True when `signature` was already used; otherwise remembers it until `expires` and says false. */
  usedBefore(signature: string, now: number, expires: number): boolean {
    for (const [key, until] of this.#seen) if (until <= now) this.#seen.delete(key);
    if (this.#seen.has(signature)) return true;
    this.#seen.set(signature, expires);
    for (const key of this.#seen.keys()) {
      if (this.#seen.size <= MAX_REMEMBERED) break;
      this.#seen.delete(key);
    }
    this.#save();
    return false;
  }

  #save(): void {
    if (!this.#file) return;
    const temporary = `${this.#file}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.#seen)), { mode: 0o600 });
    renameSync(temporary, this.#file);
  }
}
