/** The door of components/shell: what the rest of the shop may use of it (eslint/doors.js). */
export { loadMarkdown } from './markdown.ts';
export type { MarkdownEntry, MarkdownModule } from './markdown.ts';
export { checkPaths, contentPageSchema } from './pages.ts';
export type { ContentPage } from './pages.ts';
export {
  expectCount,
  NOTICE_SECTIONS,
  privacyIntroSchema,
  privacySectionSchema,
  SUMMARY_SECTIONS,
} from './privacy.ts';
