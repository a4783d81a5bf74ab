/**
 * A product page's fit sections once the shopper reaches for one (on-first-use.client.ts's `fits`): a part's
 * "Does it fit my machine?" (fit-check.client.ts) or a machine's "Add the K 5 to my machines"
 * (keep-machine.client.ts). One entry there for both, so the machine's control adds nothing to the script
 * every product page runs before any interaction (DESIGN.md §5: that script is at its 15 KB budget).
 */
import { initFitCheck } from './fit-check.client.ts';
import { keepMachine } from './keep-machine.client.ts';

export function initFits(root: HTMLElement): void {
  if (root.dataset['keepMachine'] === undefined) initFitCheck(root);
  else keepMachine(root);
}

/** What the product page's first script starts (product-page/on-first-use.client.ts). */
export const init = initFits;
