/**
 * Focus is never hidden under the bottom overlay (Base.astro's `.overlays`: notices, the compare tray, the
 * cookie notice; WCAG 2.2 "Focus Not Obscured"). Its height is `--overlay-room` on the root: the page's
 * scroll padding at the foot, room after the footer (so the last links can scroll clear), and the foot of
 * what scrolls on its own (the filters drawer, the menus, the search suggestions). A control that takes
 * focus under the overlay is scrolled clear of it (the browser's own scrolling on focus keeps a control
 * only inside the window, not above the overlay); so is the focused control the overlay grows over (a
 * notice arriving), but only while it is in the window: a shopper who scrolled away is not pulled back.
 */
const ROOM = '--overlay-room';

export function initOverlayRoom(): void {
  const overlays = document.querySelector<HTMLElement>('[data-overlays]');
  if (!overlays) return;
  const root = document.documentElement;
  let room = 0;
  new ResizeObserver(() => {
    const grew = overlays.offsetHeight > room;
    room = overlays.offsetHeight;
    root.style.setProperty(ROOM, `${room}px`);
    const focused = document.activeElement;
    if (grew && focused instanceof HTMLElement && !overlays.contains(focused)) clear(focused, room, true);
  }).observe(overlays);
  document.addEventListener('focusin', ({ target }) => {
    if (target instanceof HTMLElement && !overlays.contains(target)) clear(target, room, false);
  });
}

/**
 * Scrolls the control above the overlay (the scroll padding is its height) when the overlay reaches over
 * it and it fits above; with `inWindow`, only a control wholly inside the window.
 */
function clear(element: HTMLElement, room: number, inWindow: boolean): void {
  const box = element.getBoundingClientRect();
  const top = window.innerHeight - room;
  if (box.bottom <= top || box.height >= top) return;
  if (inWindow && (box.top < 0 || box.bottom > window.innerHeight)) return;
  element.scrollIntoView({ block: 'nearest' });
}
