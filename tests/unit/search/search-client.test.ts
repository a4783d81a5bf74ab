import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex, type BuiltSearchIndex } from '../../../src/features/search/build-index.ts';
import {
  createSearchClient,
  runSearch,
  type FetchLike,
  type SearchProgress,
} from '../../../src/features/search/search-client.ts';
import { SearchIndexError } from '../../../src/features/search/search-index.ts';
import { product } from '../catalogue/fixtures.ts';

const catalogue = (names: string[]) =>
  names.map((name, index) => product({ sku: `S${String(index).padStart(3, '0')}`, name }));

/** Serves built index files the way the storefront server does, recording every request. */
function serve(initial: BuiltSearchIndex) {
  let built = initial;
  const requests: { url: string; cache: RequestCache | undefined }[] = [];
  let failing = false;
  const fetchImpl = async (url: string, init?: RequestInit): Promise<Response> => {
    requests.push({ url, cache: init?.cache });
    if (failing) throw new TypeError('Failed to fetch');
    const path = new URL(url, 'http://shop.test').pathname;
    if (path === '/search/data/names.json') return Response.json(built.names);
    const shard = built.shards.find((candidate) => path === `/search/data/${candidate.i}.json`);
    return shard ? Response.json(shard) : new Response('Not Found', { status: 404 });
  };
  return {
    fetchImpl,
    requests,
    rebuild: (next: BuiltSearchIndex) => (built = next),
    offline: (value: boolean) => (failing = value),
  };
}

const names = Array.from(
  { length: 100 },
  (_, i) => `Machine ${String(i).padStart(3, '0')} ${i % 3 === 0 ? 'Steam' : 'Vac'}`,
);

describe('runSearch', () => {
  it('counts every match and loads details only for the first ones, from their shards', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    const outcome = await runSearch(createSearchClient(server.fetchImpl), 'steam', 5);
    expect(outcome.matches).toHaveLength(34);
    expect(outcome.details.map((detail) => detail.name)).toEqual([
      'Machine 000 Steam',
      'Machine 003 Steam',
      'Machine 006 Steam',
      'Machine 009 Steam',
      'Machine 012 Steam',
    ]);
    expect(outcome.details[4]?.href).toBe('/s012');
    expect(server.requests.map((request) => request.url.replace(/\?.*/, ''))).toEqual([
      '/search/data/names.json',
      '/search/data/0.json',
      '/search/data/1.json',
    ]);
  });

  it('reports the count first, then the cards in list order however their shards arrive', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    // The first results' shard arrives last.
    const fetchImpl: FetchLike = async (url, init) => {
      if (new URL(url, 'http://shop.test').pathname === '/search/data/0.json') await firstHeld;
      return server.fetchImpl(url, init);
    };
    const heard: string[] = [];
    const progress: SearchProgress = {
      matched: (matches) => heard.push(`matched ${matches.length}`),
      listed: (details) => heard.push(details.map((detail) => detail.name.slice(8, 11)).join(' ')),
    };
    const search = runSearch(createSearchClient(fetchImpl), 'steam', 6, progress);
    // The names and the second shard have been served (and given a moment to be read); the first shard
    // is still on its way, so no card may be listed yet.
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['matched 34']);
    releaseFirst();
    const outcome = await search;
    expect(heard).toEqual(['matched 34', '000 003 006 009', '012 015']);
    expect(outcome.details.map((detail) => detail.name.slice(8, 11))).toEqual([
      '000',
      '003',
      '006',
      '009',
      '012',
      '015',
    ]);
  });

  it('reports the matches again when a stale index made it search afresh', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    const client = createSearchClient(server.fetchImpl);
    await client.index();
    server.rebuild(buildSearchIndex(catalogue(['Alpha Steam', ...names]), { shardSize: 10 }));
    const heard: string[] = [];
    await runSearch(client, 'steam', 2, {
      matched: (matches) => heard.push(`matched ${matches.length}`),
      listed: (details) => heard.push(details.map((detail) => detail.name).join(', ')),
    });
    expect(heard).toEqual(['matched 34', 'matched 35', 'Alpha Steam, Machine 000 Steam']);
  });

  it('fetches the names once and each shard once for the same page', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    const client = createSearchClient(server.fetchImpl);
    const first = await runSearch(client, 'vac', 8);
    const more = await client.details(first.index, first.matches.slice(8, 16));
    expect(more).toHaveLength(8);
    await runSearch(client, 'machine', 24);
    const urls = server.requests.map((request) => request.url.replace(/\?.*/, ''));
    expect(urls.filter((url) => url.endsWith('names.json'))).toHaveLength(1);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('finds nothing and loads no shard for a term without hits', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    const outcome = await runSearch(createSearchClient(server.fetchImpl), 'scrubber', 24);
    expect(outcome.matches).toEqual([]);
    expect(outcome.details).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('fetches the names afresh when a shard comes from a newer build, and lists that build', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    const client = createSearchClient(server.fetchImpl);
    await client.index();
    server.rebuild(buildSearchIndex(catalogue(['Alpha Steam', ...names]), { shardSize: 10 }));
    const outcome = await runSearch(client, 'steam', 3);
    expect(outcome.details.map((detail) => detail.name)).toEqual([
      'Alpha Steam',
      'Machine 000 Steam',
      'Machine 003 Steam',
    ]);
    expect(outcome.matches).toHaveLength(35);
    const reload = server.requests.filter((request) => request.url.endsWith('names.json'));
    expect(reload.map((request) => request.cache)).toEqual([undefined, 'reload']);
  });

  it('fails with a SearchIndexError when offline, and fetches again on retry', async () => {
    const server = serve(buildSearchIndex(catalogue(names), { shardSize: 10 }));
    const client = createSearchClient(server.fetchImpl);
    server.offline(true);
    await expect(runSearch(client, 'steam', 24)).rejects.toThrow(SearchIndexError);
    server.offline(false);
    await expect(runSearch(client, 'steam', 24)).resolves.toMatchObject({ matches: expect.any(Array) });
  });

  it('fails with a SearchIndexError when a shard is missing, and asks for it again next time', async () => {
    const built = buildSearchIndex(catalogue(names), { shardSize: 10 });
    const server = serve({ ...built, shards: built.shards.slice(1) });
    const client = createSearchClient(server.fetchImpl);
    await expect(runSearch(client, 'steam', 3)).rejects.toThrow('/search/data/0.json?v=');
    server.rebuild(built);
    await expect(runSearch(client, 'steam', 3)).resolves.toMatchObject({ details: expect.any(Array) });
  });
});
