/**
 * A product page's reviews, sorted and shown ten more at a time, once the shopper reaches for them (the
 * page's reviews loader starts this). The page holds the newest ten; when it has more, the rest come from
 * the product's review file (`data-more`, /review-data/{url key}.json), read once and drawn with the
 * markup the build draws (review-html.ts). A page with them all sorts its own reviews.
 */
import { reviewTexts } from '../../features/reviews/texts.ts';
import { REVIEWS_SHOWN } from '../../site/review-section.ts';
import type { Review } from '../../catalogue/types.ts';
import { notify } from '../../features/notify/index.ts';
import { asListOf, asNumber, asString, isRecord } from '@cleaning-shop/kit/reader.ts';
import { reviewHtml } from './review-html.ts';

type Sort = keyof typeof reviewTexts.sorts;

const isSort = (value: string): value is Sort => value in reviewTexts.sorts;

/** Newest first is Magento's order; the others keep it among equal ratings. */
function sorted<T>(items: readonly T[], sort: Sort, percent: (item: T) => number): T[] {
  if (sort === 'newest') return [...items];
  const sign = sort === 'highest' ? -1 : 1;
  return items
    .map((item, at) => ({ item, at }))
    .sort((a, b) => sign * (percent(a.item) - percent(b.item)) || a.at - b.at)
    .map(({ item }) => item);
}

/** A review as the file holds it, read by hand (no zod in a catalogue page's script). */
function readReview(value: unknown): Review | undefined {
  if (!isRecord(value)) return undefined;
  const nickname = asString(value['nickname']);
  const summary = asString(value['summary']);
  const text = asString(value['text']);
  const createdAt = asString(value['createdAt']);
  const percent = asNumber(value['percent']);
  const ratings = asListOf(value['ratings'], readRating);
  if (nickname === undefined || summary === undefined || text === undefined) return undefined;
  if (createdAt === undefined || percent === undefined || ratings === undefined) return undefined;
  return { nickname, summary, text, createdAt, percent, ratings };
}

function readRating(value: unknown): Review['ratings'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const name = asString(value['name']);
  const rating = asNumber(value['value']);
  return name === undefined || rating === undefined ? undefined : { name, value: rating };
}

async function readFile(url: string): Promise<Review[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const reviews = asListOf(await response.json(), readReview);
  if (!reviews) throw new Error(`${url} holds no reviews`);
  return reviews;
}

export function initReviewList(root: HTMLElement): void {
  const found = root.querySelector<HTMLElement>('[data-review-list]');
  if (!found) return;
  const list: HTMLElement = found;
  const select = root.querySelector<HTMLSelectElement>('[data-review-sort]');
  const more = root.querySelector<HTMLButtonElement>('[data-show-more]');
  const count = root.querySelector<HTMLElement>('[data-review-count]');
  const file = root.dataset['more'];
  // The page's own reviews, newest first, for a page that holds them all.
  const own = [...list.children].filter((child) => child instanceof HTMLElement);
  let all: Promise<Review[]> | undefined;
  let shown = own.length;
  let sort: Sort = 'newest';

  async function draw(): Promise<void> {
    if (!file) {
      list.replaceChildren(...sorted(own, sort, (item) => Number(item.dataset['r'])));
      return;
    }
    let reviews: Review[];
    try {
      reviews = await (all ??= readFile(file));
    } catch {
      all = undefined;
      notify(reviewTexts.loadFailed, 'alert');
      return;
    }
    shown = Math.min(shown, reviews.length);
    list.innerHTML = sorted(reviews, sort, (review) => review.percent)
      .slice(0, shown)
      .map(reviewHtml)
      .join('');
    if (count) count.textContent = reviewTexts.shown(shown, reviews.length);
    if (more) more.hidden = shown >= reviews.length;
  }

  select?.addEventListener('change', () => {
    if (isSort(select.value)) sort = select.value;
    void draw();
  });
  more?.addEventListener('click', () => {
    const first = shown;
    shown += REVIEWS_SHOWN;
    // Focus moves to the first review added, so a keyboard or screen reader user reads on from there.
    void draw().then(() => {
      const heading = list.children[first]?.querySelector<HTMLElement>('h3');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
    });
  });
}
