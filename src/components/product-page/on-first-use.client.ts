/**
 * The product page's sections whose code loads on first use (DESIGN.md §5), so the page runs none of it
 * before the shopper reaches for it: on the first pointer or focus inside `[data-on-use]`, or at once when
 * the page is opened at the section's `data-on-use-hash` (sign-in sending the shopper back to the review
 * form). A button pressed or a form sent while the code loads is pressed or sent again once it has started,
 * and so is a plain click on a link the code takes over (`data-on-use-links`, a selector: the gallery's
 * thumbnails), which meanwhile is not followed. Kept as small as it can be: every product page runs it.
 */
import { alertsIsland } from '../alerts/index.client.ts';
import { galleryIsland } from '../catalogue/index.client.ts';
import { fitsIsland } from '../fits/index.client.ts';
import { reviewsIsland } from '../reviews/index.client.ts';

/** Each section's code: a module whose `init` starts it on its root. */
const sections: Record<string, () => Promise<{ init: (root: HTMLElement) => void }>> = {
  reviews: reviewsIsland,
  fits: fitsIsland,
  gallery: galleryIsland,
  alerts: alertsIsland,
};

/** A click that only opens the link elsewhere (a new tab, a download): the browser's, not the code's. */
const elsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

for (const root of document.querySelectorAll<HTMLElement>('[data-on-use]')) {
  const start = sections[root.dataset.onUse ?? ''];
  if (!start) continue;
  let pressed: HTMLElement | null | undefined;
  let sent: HTMLFormElement | undefined;
  const links = root.dataset.onUseLinks;
  const keep = (event: Event) => {
    const { target } = event;
    if (event.type === 'submit') {
      event.preventDefault();
      if (target instanceof HTMLFormElement) sent = target;
      return;
    }
    if (!(target instanceof Element)) return;
    const link = links ? target.closest<HTMLElement>(links) : null;
    if (link && event instanceof MouseEvent && !elsewhere(event)) {
      event.preventDefault();
      pressed = link;
    } else pressed = target.closest('button');
  };
  const load = () => {
    root.removeEventListener('pointerdown', load);
    root.removeEventListener('focusin', load);
    root.addEventListener('click', keep);
    root.addEventListener('submit', keep);
    void start().then(({ init }) => {
      root.removeEventListener('click', keep);
      root.removeEventListener('submit', keep);
      init(root);
      if (sent) sent.requestSubmit();
      else pressed?.click();
    });
  };
  root.addEventListener('pointerdown', load);
  root.addEventListener('focusin', load);
  if (root.dataset.onUseHash && location.hash === root.dataset.onUseHash) load();
}
