/**
 * The slideshow's control labels. Apart from features/shell/browser-texts.ts because that module is in the shell's chunk, which every page loads:
 * these load with the scripts that write them. They belong to strings.ts, which re-exports them, and follow
 * its rules: the spec's texts are marked and kept word for word.
 */
/**
 * The slideshow's control labels, on their own so the browser script that imports them bundles only
 * these few texts, not every string of the shop.
 */
export const slideshowTexts = {
  previous: 'Previous slide',
  next: 'Next slide',
  pause: 'Pause',
  play: 'Play',
  slideLabel: (n: number, count: number) => `${n} of ${count}`,
  goTo: (n: number) => `Show slide ${n}`,
} as const;
