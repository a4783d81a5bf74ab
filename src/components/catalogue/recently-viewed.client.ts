/**
 * "Recently viewed" in the browser (RecentlyViewed.astro). On a product page its product is recorded at
 * once (a configurable product's: the child chosen, replaced when the shopper chooses another); that and
 * the watch below are all that loads with the page. The cards are drawn by
 * recently-viewed-cards.ts, loaded only when there is something to show and the section nears the
 * viewport (DESIGN.md §5: a catalogue page's script before interaction stays small). The section is
 * drawn once, from the list as the page found it: a list changed later in another tab shows on the next
 * page, so nothing moves under the shopper's eyes.
 */
import { pageChoice, watchChoice } from '../../ui/chosen-variant.ts';
import { shownRecentlyViewed, $recentlyViewed, recordView } from '../../features/recently-viewed/index.ts';
import { whenShown } from '../../ui/when-shown.ts';

/**
 * The cards are drawn once the section is within a screen's height below the viewport, so they are in
 * place before it is reached and the footer moves while out of sight.
 */
const NEAR = '0px 0px 100% 0px';

export function initRecentlyViewed(): void {
  const root = document.querySelector<HTMLElement>('[data-recently-viewed]');
  if (!root) return;
  const current = root.dataset['current'];
  // A configurable product's page records the child chosen, and follows the choice.
  let recorded = current && (pageChoice() ?? current);
  if (recorded) recordView(recorded);
  watchChoice(() => {
    const chosen = pageChoice();
    if (!chosen || chosen === recorded) return;
    recordView(chosen, recorded);
    recorded = chosen;
  });
  if (shownRecentlyViewed($recentlyViewed.get(), current, recorded).length === 0) return;
  whenShown(
    [root],
    () =>
      void import('./recently-viewed-cards.ts').then(
        ({ drawRecentlyViewed }) => drawRecentlyViewed(root, current, recorded),
        // Optional content: without its script the section just stays hidden.
        () => undefined,
      ),
    NEAR,
  );
}
