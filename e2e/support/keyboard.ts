/**
 * Moving through a page by keyboard as a shopper without a mouse does, checking at every stop what WCAG 2.2
 * asks of focus: it is on something shown (2.4.7, an outline of at least 2 px), nothing the shop fixes
 * over the page (the bottom overlay of notices, compare tray and cookie notice) hides it (2.4.11), and it
 * moves on in the order of the page's content (2.4.3).
 */
import type { JSHandle, Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

/** What a stop looks like, or why it fails: '' when the focused control is shown, with its ring, uncovered. */
export async function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return '';
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${name} has focus but is not shown`;
    // The ring is an outline of at least 2 px: the control's own, its ::after's (a card's link covering the
    // card) or, within three levels, the box drawn around it (the search box, a promotion tile), which has
    // one only while focus is within. Shadows are not counted: a box may cast one whether focused or not.
    const ringed = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
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
 * Tabs through the whole page from its top, checking every stop, until focus reaches the page's last
 * control (the footer's last link) or `limit` stops: the problems found, the stops it took, and whether
 * it reached that end (no trap held it). Each stop must follow the one before in the page's order.
 */
export async function walkPage(
  page: Page,
  limit: number,
): Promise<{ problems: string[]; stops: number; end: boolean }> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  const last = page.getByRole('contentinfo').getByRole('link').last();
  const problems: string[] = [];
  let before = await page.evaluateHandle(() => document.activeElement);
  for (let stop = 1; stop <= limit; stop++) {
    await page.keyboard.press('Tab');
    const now = await page.evaluateHandle(() => document.activeElement);
    const problem = (await focusProblem(page)) || (await backwards(page, before, now));
    if (problem) problems.push(problem);
    before = now;
    if (await hasFocus(last)) return { problems, stops: stop, end: true };
  }
  return { problems, stops: limit, end: false };
}

/** Focus went back up the page from the control it left ('' when it moved on, as it should). */
const backwards = (page: Page, before: JSHandle, now: JSHandle): Promise<string> =>
  page.evaluate(
    ([from, to]) => {
      if (!(from instanceof Element) || !(to instanceof Element) || from === document.body) return '';
      if (from.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING) return '';
      return `Tab went back from ${from.tagName.toLowerCase()} to ${to.tagName.toLowerCase()}`;
    },
    [before, now] as const,
  );
