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
