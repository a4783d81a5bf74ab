/** The rules of carousels and sliders, free of the DOM so they can be tested. */

/** Spec §9: a carousel moves on every 3 seconds. */
export const CAROUSEL_INTERVAL_MS = 3000;

/** Any step, forwards or backwards, lands on a slide: after the last comes the first and vice versa. */
export const wrapIndex = (index: number, count: number): number =>
  count <= 0 ? 0 : ((index % count) + count) % count;

export const nextIndex = (index: number, count: number): number => wrapIndex(index + 1, count);

export const previousIndex = (index: number, count: number): number => wrapIndex(index - 1, count);

/** The slide a scrolled track shows: the one nearest its left edge. */
export function indexAtScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}

/**
 * Where a slideshow stands: the slide it shows or is on its way to, and whether a scroll it started is
 * still running. Previous and Next step from `index` even mid-scroll, so quick presses neither skip nor
 * repeat a slide.
 */
export interface Place {
  index: number;
  /** The slideshow's own scroll to `index` has not ended yet. */
  moving: boolean;
}

/**
 * A scroll ended with slide `shown` in view. While the slideshow's own scroll is running, an end anywhere
 * else is a position on the way (a scroll cut short by the next press, or a pause in scroll events taken
 * for an end) and changes nothing; otherwise the shopper scrolled (a swipe, a link focused) and the
 * slideshow follows.
 */
export function scrollEnded(place: Place, shown: number): Place {
  if (place.moving && shown !== place.index) return place;
  return { index: shown, moving: false };
}

export interface RotationState {
  /** The shopper pressed Pause (or prefers reduced motion and has not pressed Play). */
  paused: boolean;
  hovered: boolean;
  focused: boolean;
  /** The page is in a background tab. */
  hidden: boolean;
}

/** WCAG 2.2.2: moving content stops while the shopper points at it, works in it, or asked it to stop. */
export const shouldRotate = (state: RotationState): boolean =>
  !state.paused && !state.hovered && !state.focused && !state.hidden;
