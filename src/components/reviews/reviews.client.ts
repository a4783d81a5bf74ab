/**
 * The product page's reviews section, once the shopper reaches for it (catalogue/on-first-use.client.ts loads this
 * on the first pointer, focus, click or change inside `[data-reviews]`): the list's sort and "Show more"
 * (review-list.client.ts), and "Write a review", which opens the form in place. A page opened at
 * `#write-review` (sign-in's way back to the form) opens it at once.
 */
import { openReviewForm } from './review-form.client.ts';
import { WRITE_REVIEW_HASH } from '../../features/reviews/review.ts';
import { initReviewList } from './review-list.client.ts';

const WRITE = '[data-write-review]';

export function initReviews(root: HTMLElement): void {
  initReviewList(root);
  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(WRITE) : null;
    if (button && root.contains(button)) void openReviewForm(button);
  });
  const button = root.querySelector<HTMLElement>(WRITE);
  if (button && location.hash === WRITE_REVIEW_HASH) {
    // Once open, the address no longer asks for the form: a reload shows the page as it is.
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    void openReviewForm(button);
  }
}

/** What the product page's first script starts (product-page/on-first-use.client.ts). */
export const init = initReviews;
