/**
 * The reviews section's code (reviews.client.ts: the review form, and the list's tools) loads on first use,
 * so the product page runs nothing of it before the shopper reaches for it (DESIGN.md §5): on the first
 * pointer, focus or click inside `[data-reviews]`, or at once when the page is opened at `#write-review`
 * (sign-in sending the shopper back to the form). A button pressed while it loads is pressed again once it
 * has started, so no press is lost. Kept as small as it can be: every product page runs it.
 */
const root = document.querySelector<HTMLElement>('[data-reviews]');
if (root) {
  let loading = false;
  let pressed: HTMLElement | null = null;
  const keep = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) pressed = button;
  };
  const load = () => {
    if (loading) return;
    loading = true;
    import('./reviews.client.ts').then(
      ({ initReviews }) => {
        root.removeEventListener('click', keep, true);
        initReviews(root);
        pressed?.click();
      },
      // Offline or a new build: the next reach tries again.
      () => (loading = false),
    );
  };
  root.addEventListener('click', keep, true);
  for (const type of ['pointerdown', 'focusin', 'click'])
    root.addEventListener(type, load, { passive: true });
  // review.ts's WRITE_REVIEW_HASH, written out: importing it would bring the form's texts along.
  if (location.hash === '#write-review') load();
}
