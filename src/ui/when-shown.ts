/**
 * Code for a part of the page that loads once the part is on the screen (or within `margin` of it), so a
 * page runs none of it before the shopper scrolls there: below-the-fold sections keep the catalogue pages
 * within their script budget (DESIGN.md §5).
 */
export function whenShown(parts: Iterable<Element>, load: () => void, margin = '0px'): void {
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      load();
    },
    { rootMargin: margin },
  );
  for (const part of parts) seen.observe(part);
}
