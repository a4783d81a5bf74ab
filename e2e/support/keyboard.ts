/**
 * Moving through a page by keyboard as a shopper without a mouse does, checking at every stop what WCAG 2.2
 * asks of focus: it is on something shown (2.4.7, a visible indicator of at least 2 px), and nothing the
 * shop draws over the page (the bottom overlay of notices, compare tray and cookie notice; a sticky bar)
 * hides it (2.4.11).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

/** What a stop looks like, or why it fails: '' when the focused control is shown, with its ring, uncovered. */
export async function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return '';
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${name} has focus but is not shown`;
    // The ring is the control's own, its ::after's (a card's link covering the card) or, within three
    // levels, the box drawn around it (the search box, a promotion tile).
    const ringed = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    const styles = [getComputedStyle(element), getComputedStyle(element, '::after')];
    for (let up = element.parentElement, level = 0; up && level < 3; up = up.parentElement, level++)
      styles.push(getComputedStyle(up));
    if (!styles.some(ringed)) return `${name} shows no focus indicator`;
    // The part of the control inside the window and above whatever is fixed over the page's foot.
    let floor = window.innerHeight;
    for (const layer of document.querySelectorAll<HTMLElement>('[data-overlays] > *')) {
      const over = layer.getBoundingClientRect();
      const overlaps = over.height > 0 && over.top < box.bottom && over.bottom > box.top;
      if (overlaps && !layer.contains(element)) floor = Math.min(floor, over.top);
    }
    const shown = Math.min(box.bottom, floor) - Math.max(box.top, 0);
    if (shown < Math.min(box.height, 24) - 1)
      return `${name} is hidden (${Math.max(0, Math.round(shown))} of ${Math.round(box.height)} px in view)`;
    return '';
  });
}

/** evaluateAll, not evaluate: a target not (yet) in the page has no focus, and is not waited for. */
const hasFocus = (target: Locator): Promise<boolean> =>
  target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));

/**
 * Presses Tab (Shift+Tab with `back`, for what is above) until `target` has focus, checking each stop on
 * the way; fails after `limit` stops (the target is not in the Tab order, or focus is trapped before it).
 * The number of stops it took.
 */
export async function tabTo(page: Page, target: Locator, limit = 120, back = false): Promise<number> {
  const problems: string[] = [];
  for (let stop = 1; stop <= limit; stop++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const problem = await focusProblem(page);
    if (problem) problems.push(problem);
    if (await hasFocus(target)) {
      expect(problems, 'focus on the way was visible and uncovered').toEqual([]);
      return stop;
    }
  }
  throw new Error(`${limit} presses of Tab did not reach ${target.toString()}. ${problems.join('; ')}`);
}

/**
 * Tabs through the whole page from its top, checking every stop, until focus leaves the page's last
 * control (the footer's last link) or `limit` stops: the problems found, the stops it took, and whether
 * it reached that end (no trap held it).
 */
export async function walkPage(
  page: Page,
  limit: number,
): Promise<{ problems: string[]; stops: number; end: boolean }> {
  const last = page.getByRole('contentinfo').getByRole('link').last();
  const problems: string[] = [];
  for (let stop = 1; stop <= limit; stop++) {
    await page.keyboard.press('Tab');
    const problem = await focusProblem(page);
    if (problem) problems.push(problem);
    if (await hasFocus(last)) return { problems, stops: stop, end: true };
  }
  return { problems, stops: limit, end: false };
}
