/**
 * The account menu's My quotes (AccountSlot.astro), loaded when a signed-in shopper first opens the menu
 * (account-menu.client.ts): shown once the server says their company role may see quotes.
 */
import { readQuoteAccess } from '../../features/quotes/index.client.ts';

export async function showQuotesLink(item: HTMLElement): Promise<void> {
  item.hidden = !(await readQuoteAccess()).view;
}
