/**
 * What a shopper loses when the page is narrow, zoomed or spaced out: sideways scrolling (WCAG 1.4.10) and
 * text cut off by a box that hides what overflows it (1.4.4, 1.4.12).
 */
import type { Page } from '@playwright/test';

/**
 * How far the page scrolls sideways, and what sticks out ('' when nothing does). The page's width is the
 * body's: headless Chromium's scrollbars take no room, but the page keeps a gutter for one
 * (scrollbar-gutter), where a shopper's scrollbar is, so content in the gutter would scroll sideways.
 */
export async function sideways(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = document.body.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return '';
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].find(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    return `scrolls ${over} px sideways (${wide?.tagName.toLowerCase() ?? '?'}.${wide?.className ?? ''})`;
  });
}

/**
 * Text cut off by a box that hides what overflows it, one line each. A visually hidden label (1 px wide)
 * is meant to be; so is an excerpt that ends in "…" on purpose, a name on one line (text-overflow) or a
 * search result's summary in four (line-clamp), its whole text being on the product's page.
 */
export async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element): element is HTMLElement => element instanceof HTMLElement)
      .filter((element) => {
        const style = getComputedStyle(element);
        if (!/hidden|clip/.test(`${style.overflowX} ${style.overflowY}`)) return false;
        if (element.offsetWidth <= 1 || element.innerText.trim() === '') return false;
        const across = style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1;
        const down = style.webkitLineClamp === 'none' && element.scrollHeight > element.clientHeight + 1;
        return across || down;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: "${element.innerText.trim().slice(0, 40)}"`,
      ),
  );
}
