/**
 * Secrets the server makes for itself, kept in the shared store so that every replica uses the same one
 * and a restart keeps it (the "known browser" key of sign-in when SIGN_IN_KEY is unset).
 */
import { randomBytes } from 'node:crypto';
import type { SharedStore } from './shared-store.ts';

const SECRETS = `CREATE TABLE IF NOT EXISTS app_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
)`;

/**
 * The secret called `name`: made (32 random bytes, base64url) by whichever replica asks first, then read
 * back, so replicas asking together all get the first one written.
 */
export async function sharedSecret(store: SharedStore, name: string): Promise<string> {
  await store.ensure([SECRETS]);
  await store.run('INSERT INTO app_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await store.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = ?', [name]);
  if (!row) throw new Error(`The shared store kept no secret "${name}".`);
  return row.value;
}
