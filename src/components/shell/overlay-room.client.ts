/**
 * Focus is never hidden under the bottom overlay (Base.astro's `.overlays`: notices, the compare tray, the
 * cookie notice; WCAG 2.2 "Focus Not Obscured"). The page's scroll padding at the foot follows the
 * overlay's height, so the browser scrolls a control reached by Tab (or by a link to `#id`) above it; and
 * when the overlay grows under the focused control (a notice, the cookie choices opening), that control
 * is brought back into view.
 */
const ROOM = '--overlay-room';

export function initOverlayRoom(): void {
  const overlays = document.querySelector<HTMLElement>('[data-overlays]');
  if (!overlays) return;
  const root = document.documentElement;
  new ResizeObserver(() => {
    root.style.setProperty(ROOM, `${overlays.offsetHeight}px`);
    const focused = document.activeElement;
    if (
      focused instanceof HTMLElement &&
      focused !== document.body &&
      !overlays.contains(focused) &&
      covered(focused, overlays)
    )
      focused.scrollIntoView({ block: 'nearest' });
  }).observe(overlays);
}

/** The element's foot is under the overlay's top. */
const covered = (element: HTMLElement, overlays: HTMLElement): boolean =>
  element.getBoundingClientRect().bottom > overlays.getBoundingClientRect().top;
