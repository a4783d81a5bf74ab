/**
 * The reviews section's code (reviews.client.ts: the review form, and the list's sort and "Show more") loads
 * on first use, so the product page runs nothing of it before the shopper reaches for it (DESIGN.md §5): on
 * the first pointer, focus, click or change inside `[data-reviews]`, or at once when the page is opened at
 * `#write-review` (sign-in sending the shopper back to the form). A button pressed or a sort chosen while it
 * loads is pressed or chosen again once it has started, so none is lost. Kept as small as it can be: every
 * product page with reviews runs it.
 */
const root = document.querySelector<HTMLElement>('[data-reviews]');
if (root) {
  let loading = false;
  let replay: (() => void) | undefined;
  const keep = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button');
    if (event.type === 'change' && target)
      replay = () => target.dispatchEvent(new Event('change', { bubbles: true }));
    else if (button) replay = () => button.click();
  };
  const load = () => {
    if (loading) return;
    loading = true;
    import('./reviews.client.ts').then(
      ({ initReviews }) => {
        root.removeEventListener('click', keep, true);
        root.removeEventListener('change', keep, true);
        initReviews(root);
        replay?.();
      },
      // Offline or a new build: the next reach tries again.
      () => (loading = false),
    );
  };
  root.addEventListener('click', keep, true);
  root.addEventListener('change', keep, true);
  for (const type of ['pointerdown', 'focusin', 'click', 'change'])
    root.addEventListener(type, load, { passive: true });
  // review.ts's WRITE_REVIEW_HASH, written out: importing it would bring the form's texts along.
  if (location.hash === '#write-review') load();
}
