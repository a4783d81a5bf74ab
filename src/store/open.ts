/**
 * The shared store from the settings: PostgreSQL when DATABASE_URL is set, else STORE_FILE (docs/running.md,
 * "Running several replicas"). Each replica opens one and hands it to what keeps state in it.
 */
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { ShopSettings, StoreSettings } from '../config/env.ts';
import { openPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { SharedStore } from './shared-store.ts';

export function openSharedStore(
  settings: Pick<StoreSettings, 'DATABASE_URL' | 'STORE_FILE'>,
  root: string,
  log?: (message: string) => void,
): SharedStore {
  return settings.DATABASE_URL
    ? openPostgresStore({ url: settings.DATABASE_URL, ...(log ? { log } : {}) })
    : openSqliteStore(resolve(root, settings.STORE_FILE));
}

/** This replica's name: REPLICA_ID, else `{hostname}:{PORT}` (unique per host and port). */
export const replicaId = (settings: Pick<StoreSettings, 'REPLICA_ID'> & Pick<ShopSettings, 'PORT'>): string =>
  settings.REPLICA_ID ?? `${hostname()}:${settings.PORT}`;

/**
 * The warning for a risky combination: behind proxies (TRUSTED_PROXIES, so likely several replicas behind a
 * balancer) with a store that only one host can share.
 */
export function topologyWarning(
  settings: Pick<StoreSettings, 'DATABASE_URL'> & Pick<ShopSettings, 'TRUSTED_PROXIES'>,
): string | undefined {
  if (settings.DATABASE_URL || settings.TRUSTED_PROXIES.length === 0) return undefined;
  return 'TRUSTED_PROXIES is set but DATABASE_URL is not: payments, throttles and rebuilds are kept in a file on this host. Behind a load balancer with replicas on more than one host, set DATABASE_URL to a PostgreSQL they share, or run one replica.';
}
