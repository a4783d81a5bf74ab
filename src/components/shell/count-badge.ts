/**
 * What shows a header link's count (CountLink.astro of `kind`): the number in the badge and the sentence
 * that describes the link, both empty while the count is unknown. Undefined when the page has no such link.
 */
export function countBadge(
  kind: 'basket' | 'wishlist',
  describe: (count: number) => string,
): ((count: number | undefined) => void) | undefined {
  const badge = document.querySelector<HTMLElement>(`[data-${kind}-count]`);
  const description = document.getElementById(`${kind}-link-count`);
  if (!badge || !description) return undefined;
  return (count) => {
    badge.textContent = count === undefined ? '' : String(count);
    description.textContent = count === undefined ? '' : describe(count);
  };
}
