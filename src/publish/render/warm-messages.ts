/**
 * The messages between the publisher (warm-client.ts) and its renderer's process (warm-worker.ts), as zod
 * schemas: what crosses a process is parsed, like every read from Magento. The worker parses each request
 * and refuses one that does not parse; the client parses each reply, and its value against what the
 * request it answers returns. The types of warm.ts, the client and the worker are these schemas' own.
 * (The channel uses `serialization: 'advanced'`: a Map crosses as a Map.)
 */
import { z } from 'zod';
import { shopInfoSchema } from '../../config/shop.ts';
import { priceChangeSchema } from '../releases/build-info.ts';
import { scannedLinksSchema } from './links.ts';
import { syncedSchema, syncOptionsSchema } from '../../catalogue/sync-messages.ts';

/** How hard to compress (encoding.ts, `Levels`). */
const levelsSchema = z.object({
  /** 0–11; 11 is the smallest. */
  brotli: z.number().int().min(0).max(11),
  /** 0–9. */
  gzip: z.number().int().min(0).max(9),
});

/** A value no written file may contain (render/secrets.ts, `NamedSecret`). */
export const namedSecretSchema = z.object({
  name: z.string(),
  value: z.string(),
  /** The public demo default: written in the code, so only its presence in served files counts. */
  demoDefault: z.boolean().exactOptional(),
});

export const warmJobSchema = z.object({
  /** The new build's folder: the files this run writes go to its `client/`. */
  dir: z.string().min(1),
  /**
   * The live build (whole, or a layer over one); none for a whole build, which renders every page into
   * a copy of the renderer's own bundle (warm-build.ts, `fullWarmBuild`).
   */
  live: z.string().min(1).exactOptional(),
  /** The instant the pages are priced at (epoch ms). */
  pricedAt: z.number(),
  /** The shop's identity (src/config/shop.ts), on every page; `siteUrl` is the origin pages are rendered for. */
  shop: shopInfoSchema,
  /** The levels the written files are compressed at, after the run (releases/compress-later.ts). */
  levels: levelsSchema,
  /** Values no written file may contain (checks.ts): looked for in each page as it is rendered. */
  secrets: z.array(namedSecretSchema).readonly(),
  /**
   * The new build's client folders, top first, where they are known before the run (a whole build's own,
   * then its bundle's): the written pages' links are checked against them beside the render, and the
   * outcome carries the check's report, not the links.
   */
  linksIn: z.array(z.string().min(1)).min(1).readonly().exactOptional(),
});
export type WarmJob = z.infer<typeof warmJobSchema>;

/** What the run found in the files it wrote, as it wrote them (the site pass's checks, site-pass.ts). */
export const warmScanSchema = z.object({
  /** Every distinct inline-script hash of the written pages, for the CSP. */
  scriptHashes: z.array(z.string()),
  /** Written files that contain a secret, as sentences. */
  secretProblems: z.array(z.string()),
  /** Written pages with inline event handlers, which the CSP blocks. */
  inlineHandlers: z.array(z.string()),
  htmlFiles: z.number().int().nonnegative(),
  /** The hashed assets (`/_astro/…`) the written pages name. */
  assets: z.array(z.string()),
  /** The links of the written pages, read as they were rendered (site-links.ts), or their check's report. */
  links: scannedLinksSchema,
});
export type WarmScan = z.infer<typeof warmScanSchema>;

/**
 * What a run came to. Its `pages.json` (every path's fingerprint, the keys rendered) the renderer wrote
 * into the new build itself, beside its files: at 100,000 products 152,637 keys, which crossed to the
 * publisher and back on every run.
 */
export const warmOutcomeSchema = z.object({
  /** Files (relative to `client/`) written. */
  written: z.array(z.string()),
  /** The pages the build's smoke test reads (finish.ts, `defaultSmokePages`), from the keys rendered. */
  smokePages: z.array(z.string()),
  /** Files of the live site no path of this catalogue names any more. */
  removed: z.array(z.string()),
  /** Paths planned: those a change can show and the data files, or every path of the site. */
  paths: z.number().int().nonnegative(),
  /** The price changes due after the run's instant (render-plan.ts, `PriceSchedule`). */
  prices: z.object({ total: z.number().int().nonnegative(), upcoming: z.array(priceChangeSchema) }),
  scan: warmScanSchema,
  planMs: z.number().nonnegative(),
  renderMs: z.number().nonnegative(),
});
export type WarmOutcome = z.infer<typeof warmOutcomeSchema>;

const messages = {
  /** Astro's build, once, beside the syncs. */
  start: z.object({
    type: z.literal('start'),
    root: z.string().min(1),
    scratch: z.string().min(1),
    pricedAt: z.number(),
    /** The shop's identity, which the pages of Astro's first build show. */
    shop: shopInfoSchema,
    /** The live build, whose pages the renderer checks it would make alike (warm.ts, `prime`). */
    live: z.string().min(1).exactOptional(),
  }),
  sync: z.object({ type: z.literal('sync'), options: syncOptionsSchema }),
  /** Writes the snapshot of the last sync. */
  flush: z.object({ type: z.literal('flush') }),
  /** Writes the `.br`/`.gz` siblings a build's files lack. */
  compress: z.object({ type: z.literal('compress'), dir: z.string().min(1), levels: levelsSchema }),
  run: z.object({ type: z.literal('run'), job: warmJobSchema }),
};

export type WarmMessage = z.input<(typeof messages)[keyof typeof messages]>;
export type WarmMessageType = WarmMessage['type'];

const id = z.number().int().nonnegative();

/** A message as sent, with the id its reply carries. */
export const warmRequestSchema = z.discriminatedUnion('type', [
  messages.start.extend({ id }),
  messages.sync.extend({ id }),
  messages.flush.extend({ id }),
  messages.compress.extend({ id }),
  messages.run.extend({ id }),
]);
export type WarmRequest = z.infer<typeof warmRequestSchema>;

const replyValues = {
  start: z.null(),
  sync: syncedSchema,
  flush: z.null(),
  compress: z.number().int().nonnegative(),
  run: warmOutcomeSchema,
} satisfies Record<WarmMessageType, z.ZodType>;
export type WarmReplyValue<T extends WarmMessageType> = z.infer<(typeof replyValues)[T]>;

/**
 * The value of the answer to each message (`compress`: the number of files it compressed), typed so that
 * the schema for a request's type is known to give that type's value.
 */
export const warmReplyValueSchemas: { readonly [T in WarmMessageType]: z.ZodType<WarmReplyValue<T>> } =
  replyValues;

/** An answer: the value (checked against the request's type by the client), or the failure's message. */
export const warmReplySchema = z.discriminatedUnion('ok', [
  z.object({ id, ok: z.literal(true), value: z.unknown() }),
  z.object({
    id,
    ok: z.literal(false),
    error: z.string(),
    /** Magento was down or failing: worth another try. */
    transient: z.boolean(),
  }),
]);
export type WarmReply = z.input<typeof warmReplySchema>;

const labelSchema = z.object({
  id: id.optional().catch(undefined),
  type: z.string().max(40).optional().catch(undefined),
});

/** The id and type of a message or reply that may not parse (none of either when it is not an object). */
export function labelOf(message: unknown): z.infer<typeof labelSchema> {
  const parsed = labelSchema.safeParse(message);
  return parsed.success ? parsed.data : {};
}

/** At most this many of a refusal's issues are told: a bad map of 10,000 keys would make a long line. */
const TOLD_ISSUES = 5;

/** What was wrong with a message, on one line: zod's issues, prettified (the first few). */
export function parseProblem(error: z.ZodError): string {
  const told = z.prettifyError({ issues: error.issues.slice(0, TOLD_ISSUES) });
  const more = error.issues.length - TOLD_ISSUES;
  const line = told
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return more > 0 ? `${line} (and ${more} more)` : line;
}
