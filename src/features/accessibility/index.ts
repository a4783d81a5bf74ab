/** The door of features/accessibility: what the rest of the shop may use of it (eslint/doors.js). */
export { accessibilityStatement, byPrinciple, conformance, knownGaps, statusCounts } from './statement.ts';
export { ACCESSIBILITY_PATH } from './texts.ts';
