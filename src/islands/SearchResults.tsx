/**
 * The search page's results (spec §2): reads the term from `/search/{term}`, matches it against the
 * build's search index with the spec's rule, and lists the results a page of cards at a time, with the
 * exact count. The server renders the loading state (the page is the same file for every term); the
 * term is read once hydrated. The heading is the page's, filled in before the first paint.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { CARD_IMAGE_SIZES, imageUrl } from '../catalogue/images.ts';
import { formatPrice } from '../catalogue/money.ts';
import { searchPath } from '../components/shell/search.ts';
import { nextShown, PAGE_SIZE, termFromPath } from '../features/search/results.ts';
import {
  createSearchClient,
  runSearch,
  StaleIndexError,
  type LoadedIndex,
  type SearchClient,
  type SearchOutcome,
} from '../features/search/search-client.ts';
import type { SearchDetail } from '../features/search/search-index.ts';
import { strings } from '../strings.ts';

interface Results {
  /** The index searched; null when nothing was (a blank or malformed term). */
  index: LoadedIndex | null;
  /** Every match, in list order: the count is its length. */
  matches: number[];
  /** The cards shown: the first matches' details. */
  details: SearchDetail[];
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | ({ kind: 'ready'; more: 'idle' | 'loading' | 'failed' } & Results);

const ready = (results: Results | SearchOutcome): Phase => ({ kind: 'ready', more: 'idle', ...results });
const NOTHING: Results = { index: null, matches: [], details: [] };

/** Cards of the first row load their picture at once. */
const EAGER = 4;

function Card({ detail, eager }: { detail: SearchDetail; eager: boolean }) {
  const { name, href, price, thumbnail, summary } = detail;
  return (
    <li className="product-card">
      {/* The name's link is the card's one tab stop; the picture repeats it for pointer users. */}
      <a className="product-card__media" href={href} tabIndex={-1} aria-hidden="true">
        {thumbnail && (
          <img
            src={imageUrl(thumbnail, 320)}
            srcSet={`${imageUrl(thumbnail, 160)} 160w, ${imageUrl(thumbnail, 320)} 320w`}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            width={320}
            height={320}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
      </a>
      <h2 className="product-card__name">
        <a href={href}>{name}</a>
      </h2>
      {price !== null && (
        <p className="product-card__price">
          {formatPrice(price)} <span className="product-card__vat">{strings.product.inclVat}</span>
        </p>
      )}
      {summary !== '' && <p className="search-card__summary">{summary}</p>}
    </li>
  );
}

/** The term once hydrated, and the search for it: the first page of matches, then "Show more". */
function useSearch() {
  /** Null until hydrated: the pre-rendered page cannot know the term. */
  const [query, setQuery] = useState<{ term: string; valid: boolean } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const client = useRef<SearchClient | null>(null);

  useEffect(() => setQuery(termFromPath(window.location.pathname)), []);

  useEffect(() => {
    if (query === null) return;
    if (!query.valid || query.term.trim() === '') {
      setPhase(ready(NOTHING));
      return;
    }
    let current = true;
    client.current ??= createSearchClient();
    setPhase({ kind: 'loading' });
    runSearch(client.current, query.term, PAGE_SIZE).then(
      (outcome) => current && setPhase(ready(outcome)),
      (error: unknown) => {
        console.error(error);
        if (current) setPhase({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [query, attempt]);

  /** Shows the next page of cards; `focus` hears the position of the first new one before they render. */
  async function showMore(focus: (position: number) => void): Promise<void> {
    if (phase.kind !== 'ready' || phase.index === null || phase.more === 'loading' || !client.current) return;
    const { index, matches, details } = phase;
    const from = details.length;
    const to = nextShown(from, matches.length);
    setPhase({ ...phase, more: 'loading' });
    try {
      const added = await client.current.details(index, matches.slice(from, to));
      focus(from);
      setPhase(ready({ index, matches, details: [...details, ...added] }));
    } catch (error) {
      try {
        // Rebuilt since the names were read: search again in the new index, as far as the shopper got.
        if (!(error instanceof StaleIndexError) || query === null) throw error;
        const outcome = await runSearch(client.current, query.term, to);
        focus(Math.min(from, outcome.details.length - 1));
        setPhase(ready(outcome));
      } catch (failure) {
        console.error(failure);
        setPhase({ ...phase, more: 'failed' });
      }
    }
  }

  return { term: query?.term ?? '', phase, retry: () => setAttempt((n) => n + 1), showMore };
}

/** The search box above the results, holding the term searched. */
function SearchAgain({ term }: { term: string }) {
  function searchAgain(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    const path = searchPath(typeof text === 'string' ? text : '');
    if (path !== null) window.location.assign(path);
  }

  return (
    <form
      className="search-box search-again"
      role="search"
      aria-label={strings.searchPage.formLabel}
      action="/search"
      method="get"
      onSubmit={searchAgain}
    >
      <label className="visually-hidden" htmlFor="search-again">
        {strings.searchPage.formLabel}
      </label>
      <input
        key={term}
        className="search-box__input"
        id="search-again"
        type="search"
        name="q"
        defaultValue={term}
        placeholder={strings.shell.search.placeholder}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button className="search-box__submit search-again__submit" type="submit">
        {strings.shell.search.submit}
      </button>
    </form>
  );
}

/** How many were found (announced), or that the search is running or failed. */
function SearchStatus({ phase }: { phase: Phase }) {
  return (
    <div className="search-results__status" role="status">
      {phase.kind === 'loading' && <p>{strings.searchPage.searching}</p>}
      {phase.kind === 'failed' && <p>{strings.searchPage.unavailable}</p>}
      {phase.kind === 'ready' && <p>{strings.search.found(phase.matches.length)}</p>}
      {phase.kind === 'ready' && phase.matches.length === 0 && <p>{strings.search.none}</p>}
    </div>
  );
}

interface ShowMoreProps {
  shown: number;
  total: number;
  more: 'idle' | 'loading' | 'failed';
  onMore: () => void;
}

function ShowMore({ shown, total, more, onMore }: ShowMoreProps) {
  return (
    <div className="search-results__more">
      <p>{strings.searchPage.showing(shown, total)}</p>
      {more === 'failed' && <p role="alert">{strings.searchPage.unavailable}</p>}
      <button className="button" type="button" onClick={onMore} aria-disabled={more === 'loading'}>
        {more === 'loading' ? strings.searchPage.loadingMore : strings.searchPage.showMore}
      </button>
    </div>
  );
}

export default function SearchResults() {
  const { term, phase, retry, showMore } = useSearch();
  const list = useRef<HTMLUListElement>(null);
  /** After "Show more", focus moves to the first new card (by its position). */
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    if (phase.kind !== 'ready' || focusAt.current === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('.product-card__name a')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [phase]);

  return (
    <div className="search-results">
      <SearchAgain term={term} />
      <SearchStatus phase={phase} />
      {phase.kind === 'failed' && (
        <button className="button" type="button" onClick={retry}>
          {strings.searchPage.retry}
        </button>
      )}
      <ul
        ref={list}
        className="product-grid"
        aria-label={strings.searchPage.results}
        aria-busy={phase.kind === 'loading' || (phase.kind === 'ready' && phase.more === 'loading')}
      >
        {phase.kind === 'ready' &&
          phase.details.map((detail, position) => (
            <Card key={`${position}:${detail.href}`} detail={detail} eager={position < EAGER} />
          ))}
      </ul>
      {phase.kind === 'ready' && phase.details.length < phase.matches.length && (
        <ShowMore
          shown={phase.details.length}
          total={phase.matches.length}
          more={phase.more}
          onMore={() => void showMore((position) => (focusAt.current = position))}
        />
      )}
    </div>
  );
}
