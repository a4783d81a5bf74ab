/** The door of components/catalogue for browser scripts: what other scripts may use of it that runs only in a browser. */
export { initAddToCart } from './add-to-cart.client.ts';
export { BrowseTools, pageHolding, shownVat } from './browse-tools.client.ts';
export { galleryIsland } from './lazy.ts';
