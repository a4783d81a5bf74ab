/**
 * One review as the product page shows it: its stars and summary, who wrote it and when, the ratings it
 * gave, and its text. One function for the pre-rendered page (ReviewsSection.astro) and the page's script
 * ("Show more", sorting: review-list.client.ts), so a review looks the same however it was drawn.
 */
import { ratingTexts, reviewTexts } from '../../features/reviews/texts.ts';
import { reviewDay } from '../../site/review-section.ts';
import type { Review } from '../../catalogue/types.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { starsHtml } from '../../ui/card-html.ts';

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The day a review was written: "12 March 2025". */
function dateHtml(createdAt: string): string {
  const iso = reviewDay(createdAt);
  return iso ? ` <time datetime="${iso}">${day.format(new Date(`${iso}T00:00:00Z`))}</time>` : '';
}

export function reviewHtml(review: Review): string {
  const ratings = review.ratings
    .map(
      ({ name, value }) =>
        `<li>${escapeHtml(name)} ${starsHtml(value * 20, reviewTexts.ratingOf(name, value))}</li>`,
    )
    .join('');
  return (
    `<li class="review" data-r="${review.percent}">` +
    `<h3 class="review__summary">${starsHtml(review.percent, ratingTexts.rated(review.percent))} ${escapeHtml(review.summary)}</h3>` +
    `<p class="review__by">${reviewTexts.by} ${escapeHtml(review.nickname)},${dateHtml(review.createdAt)}</p>` +
    (ratings ? `<ul class="review__ratings">${ratings}</ul>` : '') +
    `<p class="review__text">${escapeHtml(review.text)}</p></li>`
  );
}
