/** The door of components/fits: what the rest of the shop may use of it (eslint/doors.js). */
export { FINDER_FORM_ACTION, FINDER_FORM_END, FINDER_FORM_START, finderFormHtml } from './finder-form.ts';
export type { FinderNotice } from './finder-form.ts';
