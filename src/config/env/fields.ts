/**
 * The kinds of setting the environment's sections are declared with (src/config/env.ts): a port, a number of
 * seconds, an absolute URL, a list of proxies, and `described`, which gives a variable its words for the
 * docs.
 */
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

export const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(fallback);

export const seconds = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of seconds' }).int().positive().default(fallback);

export const url = z
  .url({ error: 'must be an absolute URL such as https://shop.example.com' })
  .transform((value) => value.replace(/\/+$/, ''));

/** A comma-separated list of proxies, each as proxy-addr reads it (`loopback`, an address, a CIDR range). */
export const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => {
      try {
        proxyAddr.compile(list);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must list addresses or CIDR ranges, or loopback, linklocal, uniquelocal, separated by commas' },
  );

/**
 * A variable with its words for the docs: `npm run docs:env` writes docs/configuration.md's table from them
 * (src/config/env-table.ts). The description is the Meaning column, zod metadata on the field (`.meta()`),
 * so only documentation changes: `schema` validates and defaults exactly as before. The Default column
 * comes from the schema's default (or "unset"), or from `documentedDefault` for a default worked out at
 * start-up rather than declared here.
 */
export function described<T extends z.ZodType>(
  description: string,
  schema: T,
  words: { documentedDefault?: string } = {},
): T {
  return schema.meta({ description, ...words });
}
