/** The door of features/notify: what the rest of the shop may use of it (eslint/doors.js). */
export { $notice, dismissNotice, notify, restoreNotice } from './notice-state.ts';
export type { Notice } from './notice-state.ts';
