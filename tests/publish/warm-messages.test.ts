/**
 * The schemas of the messages between the publisher and its warm renderer's process (warm-messages.ts):
 * what is well formed parses, what is not is refused with a message that says what was wrong.
 */
import { describe, expect, it } from 'vitest';
import {
  labelOf,
  parseProblem,
  warmReplySchema,
  warmReplyValueSchemas,
  warmRequestSchema,
  type WarmOutcome,
} from '../../src/publish/render/warm-messages.ts';
import type { Synced } from '../../src/catalogue/sync-messages.ts';
import { warmJob } from './warm-job.ts';

const outcome: WarmOutcome = {
  written: ['product-1/index.html'],
  smokePages: ['index.html', '404.html', 'product-1/index.html'],
  removed: ['product-3/index.html'],
  paths: 2,
  prices: {
    total: 1,
    upcoming: [{ at: '2026-02-01T00:00:00.000Z', sku: 'M-1', name: 'Mop', before: 12, after: 10 }],
  },
  scan: {
    scriptHashes: ["'sha256-x'"],
    secretProblems: [],
    inlineHandlers: [],
    htmlFiles: 1,
    assets: [],
    links: {
      checked: false,
      gathered: {
        targets: [{ path: '/product-0', url: '/product-0#specs' }],
        shared: [[0]],
        pages: [{ page: 'product-1/index.html', links: Int32Array.of(0, -1), count: 2 }],
      },
    },
  },
  planMs: 12,
  renderMs: 40,
};

const job = warmJob({
  dir: '/site/dist.builds/2',
  live: '/site/dist.builds/1',
  pricedAt: 1_767_225_600_000,
  secrets: [{ name: 'MAGENTO_TOKEN', value: 'secret' }],
});

/** What is wrong with an outcome the schema refuses, as the client's log line tells it. */
function refusal(value: unknown): string {
  const parsed = warmReplyValueSchemas.run.safeParse(value);
  if (parsed.success) throw new Error('the outcome parsed');
  return parseProblem(parsed.error);
}

describe("a run's outcome", () => {
  it('parses when well formed, as it was', () => {
    expect(warmReplyValueSchemas.run.parse(outcome)).toEqual(outcome);
  });

  it('is refused when a smoke page is not a string, naming where', () => {
    expect(refusal({ ...outcome, smokePages: ['index.html', 7] })).toBe(
      '✖ Invalid input: expected string, received number → at smokePages[1]',
    );
  });

  it('is refused when `written` is not a list and `smokePages` is missing, saying so on one line', () => {
    const problem = refusal({ ...outcome, smokePages: undefined, written: 'product-1/index.html' });
    expect(problem).toContain('expected array, received undefined → at smokePages');
    expect(problem).toContain('expected array, received string → at written');
    expect(problem).not.toContain('\n');
  });

  it("is refused when a page's links name a link or a shared run the list lacks", () => {
    const { gathered } = outcome.scan.links as { gathered: object };
    const links = (pageLinks: unknown) => ({
      ...outcome,
      scan: {
        ...outcome.scan,
        links: {
          checked: false,
          gathered: { ...gathered, pages: [{ page: 'a.html', links: pageLinks, count: 1 }] },
        },
      },
    });
    expect(refusal(links(Int32Array.of(1)))).toContain(
      'an index out of range: a.html names link 1 → at scan.links.gathered',
    );
    expect(refusal(links(Int32Array.of(-2)))).toContain('a.html names link -2');
    expect(refusal(links([0.5]))).toContain('→ at scan.links.gathered.pages[0].links');
  });

  it('tells only the first few of many problems', () => {
    const problem = refusal({ ...outcome, written: Array.from({ length: 40 }, (_, at) => at) });
    expect(problem).toContain('expected string, received number → at written[0]');
    expect(problem).toContain('written[4]');
    expect(problem).not.toContain('written[5]');
    expect(problem).toMatch(/\(and 35 more\)$/);
  });
});

describe('the other values', () => {
  it("are each request's own: null for start and flush, a count for compress, a sync's result", () => {
    const synced: Synced = {
      ...{ file: 'catalogue.db', products: 3, problems: [], changed: true, mode: 'incremental' },
      ...{ updated: ['M-1'], removed: [], hash: 'h' },
    };
    expect(warmReplyValueSchemas.sync.parse(synced)).toEqual(synced);
    expect(warmReplyValueSchemas.sync.safeParse({ ...synced, hash: undefined }).success).toBe(false);
    expect(warmReplyValueSchemas.start.parse(null)).toBeNull();
    expect(warmReplyValueSchemas.flush.safeParse(undefined).success).toBe(false);
    expect(warmReplyValueSchemas.compress.parse(4)).toBe(4);
    expect(warmReplyValueSchemas.compress.safeParse(-1).success).toBe(false);
  });
});

describe('a request', () => {
  it('parses for each type, with its id; a Map of final prices crosses as a Map', () => {
    const finalPrices = new Map([[7, 9.5]]);
    const requests = [
      { id: 1, type: 'start', root: '/site', scratch: '/site/.warm', pricedAt: 0, shop: job.shop },
      { id: 2, type: 'sync', options: { incremental: true, recheck: ['M-1'], finalPrices, at: 5 } },
      { id: 3, type: 'flush' },
      { id: 4, type: 'compress', dir: '/site/dist.builds/2', levels: { brotli: 11, gzip: 9 } },
      { id: 5, type: 'run', job },
    ];
    for (const request of requests) expect(warmRequestSchema.parse(request)).toEqual(request);
    const sync = warmRequestSchema.parse(requests[1]);
    expect(sync.type === 'sync' && sync.options.finalPrices?.get(7)).toBe(9.5);
  });

  it('is refused without an id, of an unknown type, or with a job that is not one', () => {
    expect(warmRequestSchema.safeParse({ type: 'flush' }).success).toBe(false);
    const unknown = warmRequestSchema.safeParse({ id: 1, type: 'explode' });
    expect(unknown.success || parseProblem(unknown.error)).toContain('at type');
    const bad = warmRequestSchema.safeParse({
      id: 2,
      type: 'run',
      job: { ...job, live: 7, levels: {} },
    });
    const problem = bad.success ? '' : parseProblem(bad.error);
    expect(problem).toContain('expected string, received number → at job.live');
    expect(problem).toContain('→ at job.levels.brotli');
  });
});

describe('a reply', () => {
  it('is a value or an error, with its id', () => {
    expect(warmReplySchema.parse({ id: 1, ok: true, value: { any: 'thing' } })).toMatchObject({ ok: true });
    expect(warmReplySchema.safeParse({ id: 1, ok: false, error: 'disk full' }).success).toBe(false);
    expect(warmReplySchema.safeParse({ ok: true, value: 0 }).success).toBe(false);
  });

  it("gives what can be read of a message's id and type, whatever it is", () => {
    expect(labelOf({ id: 3, type: 'run', job: 'x' })).toEqual({ id: 3, type: 'run' });
    expect(labelOf({ id: 'three', type: 4 })).toEqual({});
    expect(labelOf('garbage')).toEqual({});
  });
});
