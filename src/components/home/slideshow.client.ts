/**
 * Brings the server-rendered slideshows to life: previous/next wrap both ways, dots jump to a slide, and
 * carousels move on by themselves every `data-autoplay` ms, except while hovered, focused, in a
 * background tab, paused by the shopper, or when the shopper prefers reduced motion (then Play starts it).
 * Slides stay a scrollable row, so swiping keeps working and updates the dots once the scroll has ended.
 */
import {
  indexAtScroll,
  nextIndex,
  previousIndex,
  scrollEnded,
  shouldRotate,
  wrapIndex,
  type Place,
  type RotationState,
} from './slideshow.ts';
import { slideshowTexts } from '../../features/shell/index.ts';

/** The elements and settings of one server-rendered slideshow. */
interface Parts {
  root: HTMLElement;
  track: HTMLElement;
  controls: HTMLElement;
  count: number;
  dots: HTMLButtonElement[];
  toggle: HTMLButtonElement | null;
  toggleLabel: HTMLElement | null | undefined;
  status: HTMLElement | null;
  interval: number;
  reducedMotion: MediaQueryList;
}

function findParts(root: HTMLElement): Parts | null {
  const track = root.querySelector<HTMLElement>('[data-track]');
  const controls = root.querySelector<HTMLElement>('[data-controls]');
  if (!track || !controls) return null;
  const toggle = root.querySelector<HTMLButtonElement>('[data-action="toggle"]');
  return {
    root,
    track,
    controls,
    count: root.querySelectorAll('[data-slide]').length,
    dots: [...root.querySelectorAll<HTMLButtonElement>('[data-dot]')],
    toggle,
    toggleLabel: toggle?.querySelector<HTMLElement>('[data-toggle-label]'),
    status: root.querySelector<HTMLElement>('[data-status]'),
    interval: Number(root.dataset['autoplay'] ?? 0),
    reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)'),
  };
}

/** What the event handlers may do to a slideshow. */
interface Show {
  readonly state: RotationState;
  current(): number;
  goTo(target: number, announce?: boolean): void;
  /** A scroll ended with `shown` in view: follow it without scrolling again, unless it is on the way. */
  settleOn(shown: number): void;
  /** The shopper took hold of the track: where their scroll ends is where the slideshow is. */
  letGo(): void;
  /** Starts or stops the rotation timer after the state changed. */
  schedule(): void;
}

function createShow(parts: Parts): Show {
  const { track, count, dots, toggle, toggleLabel, status, interval, reducedMotion } = parts;
  let place: Place = { index: 0, moving: false };
  let timer: number | undefined;
  const state: RotationState = {
    paused: interval <= 0 || reducedMotion.matches,
    hovered: false,
    focused: false,
    hidden: document.hidden,
  };

  /** Marks the current dot; announces the slide only when the shopper moved it (not on auto-rotation). */
  const showIndex = (announce: boolean): void => {
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === place.index)));
    if (announce && status) status.textContent = slideshowTexts.slideLabel(place.index + 1, count);
  };

  const schedule = (): void => {
    window.clearTimeout(timer);
    timer = undefined;
    const rotating = interval > 0 && shouldRotate(state);
    if (rotating) timer = window.setTimeout(() => goTo(nextIndex(place.index, count), false), interval);
    if (toggle && toggleLabel) {
      toggle.toggleAttribute('data-paused', state.paused);
      toggleLabel.textContent = state.paused ? slideshowTexts.play : slideshowTexts.pause;
    }
  };

  function goTo(target: number, announce = true): void {
    const index = wrapIndex(target, count);
    const left = index * track.clientWidth;
    // A scroll that goes nowhere has no end to wait for.
    place = { index, moving: Math.abs(track.scrollLeft - left) >= 1 };
    track.scrollTo({ left, behavior: reducedMotion.matches ? 'instant' : 'smooth' });
    showIndex(announce);
    schedule();
  }

  const settleOn = (shown: number): void => {
    const before = place.index;
    place = scrollEnded(place, shown);
    if (place.index === before) return;
    showIndex(true);
    schedule();
  };

  const letGo = (): void => {
    place = { ...place, moving: false };
  };

  return { state, current: () => place.index, goTo, settleOn, letGo, schedule };
}

/** Previous, next, the dots, Pause/Play, and swipes. */
function wireControls({ root, track, count, dots, toggle }: Parts, show: Show): void {
  root
    .querySelector('[data-action="previous"]')
    ?.addEventListener('click', () => show.goTo(previousIndex(show.current(), count)));
  root
    .querySelector('[data-action="next"]')
    ?.addEventListener('click', () => show.goTo(nextIndex(show.current(), count)));
  dots.forEach((dot, i) => dot.addEventListener('click', () => show.goTo(i)));
  toggle?.addEventListener('click', () => {
    show.state.paused = !show.state.paused;
    show.schedule();
  });

  // A swipe or a focused link scrolled into view changes the slide too, once the scroll is over: a
  // position read on the way would be a slide the shopper never asked for.
  onScrollEnd(track, () => show.settleOn(indexAtScroll(track.scrollLeft, track.clientWidth, count)));
  for (const type of ['pointerdown', 'wheel', 'keydown', 'focusin'] as const) {
    track.addEventListener(type, show.letGo, { passive: true });
  }
}

/** `scrollend`, or where it is missing (Safari before 26.2) a 120 ms pause in scroll events. */
function onScrollEnd(track: HTMLElement, ended: () => void): void {
  // The DOM types say every browser has it, so the question is put to `window` as a plain object.
  const browser: object = window;
  if ('onscrollend' in browser) {
    track.addEventListener('scrollend', ended);
    return;
  }
  let pause: number | undefined;
  track.addEventListener('scroll', () => {
    window.clearTimeout(pause);
    pause = window.setTimeout(ended, 120);
  });
}

/** Hover, focus, a background tab and reduced motion hold the rotation; resizing keeps the slide aligned. */
function wirePauses({ root, track, reducedMotion }: Parts, show: Show): void {
  const { state } = show;
  const update = (change: () => void) => () => {
    change();
    show.schedule();
  };
  root.addEventListener(
    'pointerenter',
    update(() => (state.hovered = true)),
  );
  root.addEventListener(
    'pointerleave',
    update(() => (state.hovered = false)),
  );
  root.addEventListener(
    'focusin',
    update(() => (state.focused = true)),
  );
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    state.focused = false;
    show.schedule();
  });
  document.addEventListener(
    'visibilitychange',
    update(() => (state.hidden = document.hidden)),
  );
  reducedMotion.addEventListener(
    'change',
    update(() => {
      if (reducedMotion.matches) state.paused = true;
    }),
  );
  // The track keeps the shown slide aligned when the window is resized.
  new ResizeObserver(() =>
    track.scrollTo({ left: show.current() * track.clientWidth, behavior: 'instant' }),
  ).observe(track);
}

function setUp(root: HTMLElement): void {
  const parts = findParts(root);
  if (!parts) return;
  const show = createShow(parts);
  parts.controls.hidden = false;
  wireControls(parts, show);
  wirePauses(parts, show);
  show.schedule();
}

export function initSlideshows(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-slideshow]')) {
    if (root.dataset['ready'] === undefined) {
      root.dataset['ready'] = '';
      setUp(root);
    }
  }
}
