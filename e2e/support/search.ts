/**
 * What search should show for a query: the engine run over the e2e shop's own catalogue snapshot, built
 * into an index in memory the way the site builds its files (`searchBuildInput`, `buildSearchFiles`), so
 * journeys compare the page with the engine's answer instead of hard-coding lists the demo generator or
 * the ranking may change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SUGGEST_MEASURE } from '../../src/components/search/suggest.client.ts';
import { contentPagePath, productRoutes } from '../../src/site/product-view.ts';
import { indexCatalogue } from '../../src/catalogue/snapshot.ts';
import { searchBuildInput } from '../../src/site/search-input.ts';
import { buildSearchFiles } from '../../src/features/search/build.ts';
import {
  createSearchEngine,
  type SearchAnswer,
  type SearchEngine,
} from '../../src/features/search/engine.ts';
import type { SearchRecord } from '../../src/features/search/files.ts';
import { memorySource } from '../../src/features/search/sources.ts';
import { catalogue } from './catalogue.ts';

export type { SearchRecord };

const PAGES = new URL('../../src/content/pages/', import.meta.url);

let engine: SearchEngine | undefined;

/** The engine over the snapshot's index, built once. */
function searchEngine(): SearchEngine {
  if (!engine) {
    const index = indexCatalogue(catalogue());
    const contentPaths = readdirSync(PAGES)
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) => contentPagePath(readFileSync(new URL(file, PAGES), 'utf8')) ?? []);
    engine = createSearchEngine(
      memorySource(buildSearchFiles(searchBuildInput(index, productRoutes(index, contentPaths)))),
    );
  }
  return engine;
}

export interface Expected {
  answer: SearchAnswer;
  /** Every match's record, best first. */
  records: SearchRecord[];
}

/** What the results page of `query` shows, before any sort or filter. */
export async function expectedSearch(query: string): Promise<Expected> {
  const answer = await searchEngine().search(query);
  return { answer, records: await searchEngine().records(answer.ids) };
}

/** A record's name (the card's heading). */
export const nameOf = (record: SearchRecord): string => record[1];

/**
 * Waits until the suggestions answer the whole of `query`: an earlier keystroke's list stays on screen
 * until the last answer paints over it, taking the row an arrow reached or the link a click aimed at.
 */
export async function suggestionsAnswer(page: Page, query: string): Promise<void> {
  await page.waitForFunction(
    ([measure, typed]) =>
      performance
        .getEntriesByName(measure)
        .some((entry) => entry instanceof PerformanceMeasure && entry.detail?.query === typed),
    [SUGGEST_MEASURE, query] as const,
  );
}
