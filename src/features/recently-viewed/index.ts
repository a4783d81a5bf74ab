/** The door of features/recently-viewed: what the rest of the shop may use of it (eslint/doors.js). */
export { $recentlyViewed, forgetViewed, recordView } from './recently-viewed-state.ts';
export { RECENTLY_VIEWED_KEY, shownRecentlyViewed } from './recently-viewed.ts';
