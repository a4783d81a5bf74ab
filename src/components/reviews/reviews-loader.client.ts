/**
 * The reviews section's code (reviews.client.ts: the review form, and the list's sort and "Show more") loads
 * on first use, so the product page runs nothing of it before the shopper reaches for it (DESIGN.md §5): on
 * the first pointer or focus inside `[data-reviews]`, or at once when the page is opened at `#write-review`
 * (sign-in sending the shopper back to the form). A button pressed while it loads is pressed again once it
 * has started (a sort is chosen after its focus, by when the code is there). Kept as small as it can be:
 * every product page runs it.
 */
const root = document.querySelector<HTMLElement>('[data-reviews]');
if (root) {
  let pressed: HTMLElement | null | undefined;
  const keep = (event: Event) => {
    pressed = (event.target as Element).closest('button');
  };
  const load = () => {
    root.removeEventListener('pointerdown', load);
    root.removeEventListener('focusin', load);
    root.addEventListener('click', keep);
    void import('./reviews.client.ts').then(({ initReviews }) => {
      root.removeEventListener('click', keep);
      initReviews(root);
      pressed?.click();
    });
  };
  root.addEventListener('pointerdown', load);
  root.addEventListener('focusin', load);
  // review.ts's WRITE_REVIEW_HASH, written out: importing it would bring the form's texts along.
  if (location.hash === '#write-review') load();
}
