/**
 * The script of every page's shell: menus, the VAT choice, the account menu, the basket badge, the wish
 * list's count and buttons, the compare buttons and tray, the cookie notice, the notices, the cards'
 * collection lines (loaded where there are cards) and the page's
 * measurement (GA4's views of products and lists, pushed to the `dataLayer`). Plain
 * TypeScript on the same nanostores the islands use; no React and no zod (DESIGN.md §4: a catalogue page
 * costs a few KB of script, not a framework).
 */
import { initCompare } from '../compare/index.client.ts';
import { initAccountMenu } from './account-menu.client.ts';
import { initBasketBadge } from './basket-badge.client.ts';
import { initCookieBanner } from './cookie-banner.client.ts';
import { initMenus } from './menus.client.ts';
import { initNotifications } from './notifications.client.ts';
import { initOverlayRoom } from './overlay-room.client.ts';
import { initPageMeasurement } from '../../ui/measure-pages.client.ts';
import { registerSessionEnd } from './session-end.ts';
import { initVatChoice } from './vat-choice.client.ts';
import { initWishlistButtons } from './wishlist-buttons.client.ts';
import { initWishlistLink } from './wishlist-link.client.ts';
import { initTradePrices } from '../trade/index.client.ts';
import { cardCollect } from '../collect/index.client.ts';
import { whenShown } from '../../ui/when-shown.ts';

export function initShell(): void {
  // First: a Trade customer's prices start loading before anything else runs (nothing for anyone else).
  initTradePrices();
  // What each feature forgets when the session ends, before any island can meet a 401.
  registerSessionEnd();
  initMenus();
  initVatChoice();
  initAccountMenu();
  initNotifications();
  initCookieBanner();
  initOverlayRoom();
  initBasketBadge();
  initWishlistLink();
  initWishlistButtons();
  initCompare();
  initPageMeasurement();
  whenCardsShow();
  // Module scripts run in document order, so every script of the page has run by now: said for whoever
  // waits for the page to be ready (the journeys).
  document.documentElement.dataset['shell'] = 'ready';
}

/**
 * Cards' collection lines: their script (and its requests) once a card with one, or a grid that draws them
 * (a listing's, a product page's mentioned products'), is on the screen; a product page's cards lower down
 * wait for the shopper to scroll to them.
 */
function whenCardsShow(): void {
  whenShown(document.querySelectorAll('[data-collect-sku], [data-grid]'), () => {
    void cardCollect().then(({ initCardCollect }) => initCardCollect());
  });
}
