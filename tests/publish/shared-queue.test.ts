/**
 * What the shared rebuild queue reads back out of the store (src/publish/rebuild/shared-queue.ts) is
 * parsed: a status that is not one is not shown (a run of its history that is not one is left out), a summary that is not one answers its caller with a
 * failed run instead of leaving it waiting, and options that do not parse (or are not JSON)
 * ask for nothing special.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  doneSummaries,
  ensureQueue,
  insertRequest,
  readStatusRow,
  takeOpen,
  writeStatusText,
} from '../../src/publish/rebuild/shared-queue.ts';
import { sqliteTestStore, type TestStore } from '../support/stores.ts';

let opened: TestStore | undefined;
afterEach(async () => {
  await opened?.dispose();
  opened = undefined;
});

async function queue() {
  opened = sqliteTestStore();
  await ensureQueue(opened.store);
  return opened.store;
}

describe('the shared rebuild queue read back from the store', () => {
  it('shows no status that is not one, and the one the builder wrote', async () => {
    const store = await queue();
    await writeStatusText(store, 'a', JSON.stringify({ state: 'sleeping' }));
    expect(await readStatusRow(store)).toBeUndefined();
    const status = {
      ...{ state: 'idle', current: null, queued: [], last: null, lastPublished: null, history: [] },
      ...{ pollMinutes: 5, renderer: 'cold', builder: 'a' },
    };
    await writeStatusText(store, 'a', JSON.stringify(status));
    expect(await readStatusRow(store)).toEqual(status);
  });

  it('keeps a status whose history holds a run written another way, without that run', async () => {
    const store = await queue();
    const run = {
      ...{ startedAt: '2026-11-26T10:00:00.000Z', finishedAt: '2026-11-26T10:00:04.000Z', durationMs: 4000 },
      ...{ reasons: ['product K-5 saved'], outcome: 'published' },
    };
    const status = {
      ...{ state: 'idle', current: null, queued: [], last: run, lastPublished: run },
      ...{ pollMinutes: 5, renderer: 'warm', builder: 'a' },
    };
    const odd = { startedAt: 'yesterday', outcome: 'published' };
    await writeStatusText(store, 'a', JSON.stringify({ ...status, history: [run, odd] }));
    expect(await readStatusRow(store)).toEqual({ ...status, history: [run] });
  });

  it('answers a request whose summary does not parse with a failed run', async () => {
    const store = await queue();
    const id = await insertRequest(store, 'poll', {});
    await store.run('UPDATE rebuild_requests SET done_ms = 1, summary = ? WHERE id = ?', ['{"ok":1}', id]);
    const summary = (await doneSummaries(store, [id])).get(id);
    expect(summary).toMatchObject({ outcome: 'failed', reasons: [] });
    expect(summary?.error).toMatch(/could not be read/);
  });

  it('takes a request whose options do not parse as one asking for nothing special', async () => {
    const store = await queue();
    await insertRequest(store, 'hook', { full: true, skus: ['A-1'] });
    const id = await insertRequest(store, 'odd', {});
    await store.run('UPDATE rebuild_requests SET options = ? WHERE id = ?', ['{"full":"yes"}', id]);
    const broken = await insertRequest(store, 'broken', {});
    await store.run('UPDATE rebuild_requests SET options = ? WHERE id = ?', ['not json', broken]);
    const taken = await takeOpen(store, 'turn-1');
    expect(taken.find((request) => request.reason === 'hook')?.options).toEqual({
      full: true,
      skus: ['A-1'],
    });
    expect(taken.find((request) => request.reason === 'odd')?.options).toEqual({});
    expect(taken.find((request) => request.reason === 'broken')?.options).toEqual({});
  });
});
