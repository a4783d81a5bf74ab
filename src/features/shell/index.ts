/** The door of features/shell: what the rest of the shop may use of it (eslint/doors.js). */
export { compareTexts, productToolTexts, shellTexts, wishlistTexts } from './browser-texts.ts';
export { slideshowTexts } from './slideshow-texts.ts';
