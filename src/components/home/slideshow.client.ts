/**
 * Brings the server-rendered slideshows to life: previous/next wrap both ways, dots jump to a slide, and
 * carousels move on by themselves every `data-autoplay` ms, except while hovered, focused, in a
 * background tab, paused by the shopper, or when the shopper prefers reduced motion (then Play starts it).
 * Slides stay a scrollable row, so swiping keeps working and updates the dots.
 */
import {
  indexAtScroll,
  nextIndex,
  previousIndex,
  shouldRotate,
  wrapIndex,
  type RotationState,
} from './slideshow.ts';
import { shellTexts } from '../shell/texts.ts';

function setUp(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-track]');
  const controls = root.querySelector<HTMLElement>('[data-controls]');
  if (!track || !controls) return;
  const count = root.querySelectorAll('[data-slide]').length;
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-dot]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-action="toggle"]');
  const toggleLabel = toggle?.querySelector<HTMLElement>('[data-toggle-label]');
  const interval = Number(root.dataset['autoplay'] ?? 0);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  let index = 0;
  let timer: number | undefined;
  const state: RotationState = {
    paused: interval <= 0 || reducedMotion.matches,
    hovered: false,
    focused: false,
    hidden: document.hidden,
  };

  const status = root.querySelector<HTMLElement>('[data-status]');

  /** Marks the current dot; announces the slide only when the shopper moved it (not on auto-rotation). */
  const showIndex = (announce: boolean): void => {
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === index)));
    if (announce && status) status.textContent = shellTexts.slideshow.slideLabel(index + 1, count);
  };

  const schedule = (): void => {
    window.clearTimeout(timer);
    timer = undefined;
    const rotating = interval > 0 && shouldRotate(state);
    if (rotating) timer = window.setTimeout(() => goTo(nextIndex(index, count), false), interval);
    if (toggle && toggleLabel) {
      toggle.toggleAttribute('data-paused', state.paused);
      toggleLabel.textContent = state.paused ? shellTexts.slideshow.play : shellTexts.slideshow.pause;
    }
  };

  function goTo(target: number, announce = true): void {
    index = wrapIndex(target, count);
    track?.scrollTo({
      left: index * track.clientWidth,
      behavior: reducedMotion.matches ? 'instant' : 'smooth',
    });
    showIndex(announce);
    schedule();
  }

  controls.hidden = false;
  root
    .querySelector('[data-action="previous"]')
    ?.addEventListener('click', () => goTo(previousIndex(index, count)));
  root.querySelector('[data-action="next"]')?.addEventListener('click', () => goTo(nextIndex(index, count)));
  dots.forEach((dot, i) => dot.addEventListener('click', () => goTo(i)));
  toggle?.addEventListener('click', () => {
    state.paused = !state.paused;
    schedule();
  });

  // A swipe or a focused link scrolled into view changes the slide too.
  let settle: number | undefined;
  track.addEventListener('scroll', () => {
    window.clearTimeout(settle);
    settle = window.setTimeout(() => {
      const shown = indexAtScroll(track.scrollLeft, track.clientWidth, count);
      if (shown !== index) {
        index = shown;
        showIndex(true);
        schedule();
      }
    }, 120);
  });

  root.addEventListener('pointerenter', () => {
    state.hovered = true;
    schedule();
  });
  root.addEventListener('pointerleave', () => {
    state.hovered = false;
    schedule();
  });
  root.addEventListener('focusin', () => {
    state.focused = true;
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    state.focused = false;
    schedule();
  });
  document.addEventListener('visibilitychange', () => {
    state.hidden = document.hidden;
    schedule();
  });
  reducedMotion.addEventListener('change', () => {
    if (reducedMotion.matches) state.paused = true;
    schedule();
  });
  // The track keeps the shown slide aligned when the window is resized.
  new ResizeObserver(() => track.scrollTo({ left: index * track.clientWidth, behavior: 'instant' })).observe(
    track,
  );

  schedule();
}

export function initSlideshows(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-slideshow]')) {
    if (root.dataset['ready'] === undefined) {
      root.dataset['ready'] = '';
      setUp(root);
    }
  }
}
