/**
 * Focus is never hidden under the bottom overlay (Base.astro's `.overlays`: notices, the compare tray, the
 * cookie notice; WCAG 2.2 "Focus Not Obscured"). Its height is `--overlay-room` on the root: the page's
 * scroll padding at the foot (so the browser scrolls a control reached by Tab above it), room after the
 * footer (so the last links can scroll clear), and the foot of what scrolls on its own (the filters
 * drawer, the menus, the search suggestions). When the overlay grows over the control that has focus (a
 * notice arriving, the cookie choices opening), that control is brought back into view, but only while it
 * is in the window: a shopper who has scrolled away from it is not pulled back.
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
    if (grew && focused instanceof HTMLElement && !overlays.contains(focused) && newlyCovered(focused, room))
      focused.scrollIntoView({ block: 'nearest' });
  }).observe(overlays);
}

/** The control is in the window, fits above the overlay, and the overlay now reaches over it. */
function newlyCovered(element: HTMLElement, room: number): boolean {
  const box = element.getBoundingClientRect();
  const top = window.innerHeight - room;
  return box.bottom > top && box.height < top && box.top >= 0 && box.bottom <= window.innerHeight;
}
