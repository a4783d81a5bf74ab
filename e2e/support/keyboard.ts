/**
 * Moving through a page by keyboard as a shopper without a mouse does, checking at every stop what WCAG 2.2
 * asks of focus: it is on something shown (2.4.7, an outline of at least 2 px, standing out from what is
 * behind it by 3:1, as a text field's border must: 1.4.11), nothing the shop fixes over the page (the
 * bottom overlay of notices, compare tray and cookie notice) hides it (2.4.11), and it moves on in the
 * order of the page's content (2.4.3).
 */
import type { JSHandle, Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * What a stop looks like, or why it fails: '' when the focused control is shown with a ring that stands
 * out (and, a field, with a border that does), and is uncovered.
 */
export async function focusProblem(page: Page): Promise<string> {
  for (const check of [focusRing, focusHidden]) {
    const problem = await page.evaluate(check);
    if (problem) return problem;
  }
  return '';
}

/**
 * The focused control's ring: an outline of at least 2 px, the control's own, its ::after's (a card's link
 * covering the card) or, within three levels, the box drawn around it (the search box, a promotion tile),
 * which has one only while focus is within. Shadows are not counted: a box may cast one whether focused or
 * not. The ring, and a text field's border, must have a contrast of 3:1 with what is behind them (1.4.11).
 */
function focusRing(): string {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return '';
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
  const name = `${element.tagName.toLowerCase()} "${label}"`;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return `${name} has focus but is not shown`;
  const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (colour: number[]) => {
    const [r = 0, g = 0, b = 0] = colour.map((value) => {
      const v = value / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: number[]) => {
    const [light, dark] = [luminance(rgb(a)), luminance(b)].sort((x, y) => y - x);
    return ((light ?? 1) + 0.05) / ((dark ?? 0) + 0.05);
  };
  /** The colour behind an element: the first of its ancestors' backgrounds that is not transparent. */
  const behind = (from: Element) => {
    for (let up = from.parentElement; up; up = up.parentElement) {
      const colour = rgb(getComputedStyle(up).backgroundColor);
      if ((colour[3] ?? 1) > 0) return colour;
    }
    return [255, 255, 255];
  };
  const rings: [CSSStyleDeclaration, Element][] = [
    [getComputedStyle(element), element],
    [getComputedStyle(element, '::after'), element],
  ];
  for (let up = element.parentElement, level = 0; up && level < 3; up = up.parentElement, level++)
    rings.push([getComputedStyle(up), up]);
  const ring = rings.find(([style]) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2);
  if (!ring) return `${name} shows no focus indicator`;
  const ratio = contrast(ring[0].outlineColor, behind(ring[1]));
  if (ratio < 3) return `${name}'s focus ring has a contrast of ${ratio.toFixed(2)}:1`;
  const style = getComputedStyle(element);
  const field = element.matches('input:not([type=checkbox], [type=radio], [type=range]), select, textarea');
  if (field && parseFloat(style.borderTopWidth) >= 1) {
    const border = contrast(style.borderTopColor, behind(element));
    if (border < 3) return `${name}'s border has a contrast of ${border.toFixed(2)}:1`;
  }
  return '';
}

/** The focused control is hidden: outside the window, or under what is fixed over the page's foot. */
function focusHidden(): string {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return '';
  const box = element.getBoundingClientRect();
  let floor = window.innerHeight;
  for (const layer of document.querySelectorAll<HTMLElement>('[data-overlays] > *')) {
    const over = layer.getBoundingClientRect();
    const overlaps = over.height > 0 && over.top < box.bottom && over.bottom > box.top;
    if (overlaps && !layer.contains(element)) floor = Math.min(floor, over.top);
  }
  const shown = Math.min(box.bottom, floor) - Math.max(box.top, 0);
  if (shown >= Math.min(box.height, 24) - 1) return '';
  const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  return `${name} is hidden (${Math.max(0, Math.round(shown))} of ${Math.round(box.height)} px in view)`;
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
