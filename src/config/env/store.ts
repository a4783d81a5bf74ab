/** The environment's shared-store variables: one section of `envSchema` (src/config/env.ts). */
import { z } from 'zod';
import { described } from './fields.ts';

/**
 * Where the server keeps what it owns itself (payment records and claims, throttles, the hook's replay list,
 * the rebuild queue, lock and status, the live build), shared by every replica: PostgreSQL when DATABASE_URL
 * is set, an SQLite file on this host otherwise (any number of processes, one host).
 */
export const storeSection = z.object({
  /**
   * PostgreSQL shared by every replica of the storefront server. Unset: STORE_FILE on this host, which is
   * right for one host only.
   * @example postgres://shop:secret@db.internal:5432/shop
   */
  DATABASE_URL: described(
    'PostgreSQL shared by every replica (payments, throttles, rebuild queue and lock, live build, purge queue). Unset: `STORE_FILE` on this host, for one host only.',
    z
      .url({ error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database' })
      .refine((value) => /^postgres(ql)?:\/\//.test(value), {
        error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  STORE_FILE: described(
    'The shared store as an SQLite file when `DATABASE_URL` is unset (processes of one host share it; 0600).',
    z.string().min(1).default('var/store/shop.sqlite'),
  ),
  /**
   * The key that signs the "known browser" cookie of sign-in (at least 32 characters), the same on every
   * replica. Unset: one is created once in the shared store and read by every replica. Set
   * SIGN_IN_KEY_PREVIOUS to the old one while rotating, so cookies it signed stay valid.
   */
  SIGN_IN_KEY: described(
    'Key (32+ characters) signing the "known browser" cookie, the same on every replica; `SIGN_IN_KEY_PREVIOUS` keeps the old one valid while rotating.',
    z.string().min(32, 'must be at least 32 characters').optional(),
    { documentedDefault: 'created once in the store' },
  ),
  SIGN_IN_KEY_PREVIOUS: described(
    'The previous `SIGN_IN_KEY` while it is rotated: "known browser" cookies it signed stay valid.',
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  REPLICA_ID: described(
    "This replica's name on the status page and in the publish barrier.",
    z
      .string()
      .regex(
        /^[A-Za-z0-9._:-]{1,64}$/,
        'must be 1 to 64 letters, digits, dots, colons, dashes or underscores',
      )
      .optional(),
    { documentedDefault: '`{hostname}:{PORT}`' },
  ),
});
