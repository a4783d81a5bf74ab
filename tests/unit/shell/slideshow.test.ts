import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_INTERVAL_MS,
  indexAtScroll,
  nextIndex,
  previousIndex,
  scrollEnded,
  shouldRotate,
  wrapIndex,
} from '../../../src/components/home/slideshow.ts';

describe('carousel and slider steps', () => {
  it('moves on every 3 seconds (spec §9)', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
  });

  it('goes back to the first slide after the last', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(3, 4)).toBe(0);
  });

  it('goes to the last slide before the first (sliders wrap both ways)', () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('lands on a slide from any index, and on 0 when there are no slides', () => {
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('indexAtScroll', () => {
  it('names the slide nearest the left edge of a scrolled track', () => {
    expect(indexAtScroll(0, 500, 4)).toBe(0);
    expect(indexAtScroll(740, 500, 4)).toBe(1);
    expect(indexAtScroll(760, 500, 4)).toBe(2);
  });

  it('stays within the slides when the track over-scrolls or has no width yet', () => {
    expect(indexAtScroll(9000, 500, 4)).toBe(3);
    expect(indexAtScroll(-30, 500, 4)).toBe(0);
    expect(indexAtScroll(300, 0, 4)).toBe(0);
  });
});

describe('scrollEnded', () => {
  it('ignores a position on the way while the slideshow is still scrolling to its slide', () => {
    // Next twice from the first slide: the first scroll, cut short half-way, ends on slide 2's position.
    const place = { index: 2, moving: true };
    expect(scrollEnded(place, 1)).toBe(place);
    expect(nextIndex(scrollEnded(place, 1).index, 4)).toBe(3);
  });

  it('stops moving once the scroll ends on its slide', () => {
    expect(scrollEnded({ index: 2, moving: true }, 2)).toEqual({ index: 2, moving: false });
  });

  it("follows the shopper's own scroll (a swipe, a focused link) wherever it ends", () => {
    expect(scrollEnded({ index: 2, moving: false }, 0)).toEqual({ index: 0, moving: false });
  });
});

describe('shouldRotate (WCAG 2.2.2)', () => {
  const idle = { paused: false, hovered: false, focused: false, hidden: false };

  it('rotates when nobody is pointing at, working in, or stopping the carousel', () => {
    expect(shouldRotate(idle)).toBe(true);
  });

  it.each(['paused', 'hovered', 'focused', 'hidden'] as const)('stops while %s', (flag) => {
    expect(shouldRotate({ ...idle, [flag]: true })).toBe(false);
  });
});
