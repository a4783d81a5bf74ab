/**
 * Carousels and sliders as a shopper meets them: a region named by its label, slides as groups named
 * 'n of N', dots 'Show slide n' (the current one marked), Previous/Next, and on carousels Pause/Play.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

/** Spec §9: a carousel moves on every 3 seconds. */
export const INTERVAL_MS = 3000;

export class Slideshow {
  readonly region: Locator;

  constructor(page: Page, label: string) {
    this.region = page.getByRole('region', { name: label, exact: true });
  }

  get slides(): Locator {
    return this.region.getByRole('group', { name: / of \d+$/ });
  }

  slide(n: number, count: number): Locator {
    return this.region.getByRole('group', { name: `${n} of ${count}`, exact: true });
  }

  /** Every dot, 'Show slide n'. */
  get dots(): Locator {
    return this.region.getByRole('button', { name: /^Show slide \d+$/ });
  }

  dot(n: number): Locator {
    return this.region.getByRole('button', { name: `Show slide ${n}`, exact: true });
  }

  get previous(): Locator {
    return this.region.getByRole('button', { name: 'Previous slide' });
  }

  get next(): Locator {
    return this.region.getByRole('button', { name: 'Next slide' });
  }

  /** Pause or Play: the button is named by its state and the carousel's label. */
  get toggle(): Locator {
    return this.region.getByRole('button', { name: /^(Pause|Play) / });
  }

  /** The number of the slide the dots mark as current (1-based), or 0 when none is. */
  async current(): Promise<number> {
    const states = await this.dots.evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute('aria-current')),
    );
    return states.indexOf('true') + 1;
  }

  /**
   * The shown slide is n: the slide has scrolled fully into view and its dot is the current one. The
   * scroll is awaited first, as a shopper waits for the slide to arrive: after a swipe the dots follow
   * only once the scroll has ended.
   */
  async expectShowing(n: number, count: number, timeout?: number): Promise<void> {
    const options = timeout === undefined ? {} : { timeout };
    await expect(this.slide(n, count)).toBeInViewport({ ratio: 0.98, ...options });
    await expect(this.dot(n)).toHaveAttribute('aria-current', 'true');
  }
}

/**
 * Takes the pointer off the page and focus off everything, so neither hovering nor focus holds a
 * carousel still (WCAG 2.2.2 pauses them for both), leaving only what the test means to check.
 */
export async function leaveAlone(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
}
