/**
 * Secrets at rest: the SQLite files that hold provider keys, tokens or password hashes (the payment
 * bridge's records, the embedded back end, the payment sandbox) and the rebuild hook's replay list are
 * readable by the shop's own user only. Folders the shop creates for them are 0700; the files are 0600
 * whether new or left by an older version (SQLite gives its -wal and -shm files the database's mode).
 * A folder that already existed keeps its mode: it may be shared, such as /tmp.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export function preparePrivateFile(file: string): void {
  if (file === ':memory:') return;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
    if (existsSync(path)) chmodSync(path, 0o600);
}
