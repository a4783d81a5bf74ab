/**
 * "Recently viewed" in the browser (RecentlyViewed.astro). On a product page its product is recorded at
 * once; that and the watch below are all that loads with the page. The cards are drawn by
 * recently-viewed-cards.ts, loaded only when there is something to show and the section nears the
 * viewport (DESIGN.md §5: a catalogue page's script before interaction stays small).
 */
import { shownRecentlyViewed } from '../../features/recently-viewed/recently-viewed.ts';
import { $recentlyViewed, recordView } from '../../features/recently-viewed/store.ts';

/** The section is drawn once it is within a screen's height below the viewport, before it is reached. */
const NEAR = '0px 0px 100% 0px';

export function initRecentlyViewed(): void {
  const root = document.querySelector<HTMLElement>('[data-recently-viewed]');
  if (!root) return;
  const current = root.dataset['current'];
  if (current) recordView(current);
  let started = false;
  const near = new IntersectionObserver(
    (entries) => {
      if (started || !entries.some((entry) => entry.isIntersecting)) return;
      started = true;
      near.disconnect();
      import('./recently-viewed-cards.ts').then(
        ({ drawRecentlyViewed }) => drawRecentlyViewed(root, current),
        // Optional content: without its script the section just stays hidden.
        () => undefined,
      );
    },
    { rootMargin: NEAR },
  );
  // Watched only while there is something to show: a list another tab fills meanwhile counts too.
  $recentlyViewed.subscribe((list) => {
    if (!started && shownRecentlyViewed(list, current).length > 0) near.observe(root);
  });
}
